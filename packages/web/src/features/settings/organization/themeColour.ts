/** The organization's theme (platform §3 "theme (colour)"): JSON text whose `primaryColor` is its colour. */
export function themeObjectOf(theme: string | null): Record<string, unknown> {
  if (!theme) return {};
  try {
    const value: unknown = JSON.parse(theme);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The theme's colour, `#rrggbb`, or '' when it has none. */
export function themeColourOf(theme: string | null): string {
  const colour = themeObjectOf(theme).primaryColor;
  return typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '';
}

/** The theme text with a new colour (or none), every other key of the stored theme kept. */
export function themeWithColour(theme: string | null, colour: string): string {
  const { primaryColor: _previous, ...rest } = themeObjectOf(theme);
  return JSON.stringify(colour ? { ...rest, primaryColor: colour } : rest);
}
