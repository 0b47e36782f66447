/**
 * The user's settings as updateUserSettings takes them: one JSON object (PROTOCOL §3 "settings (JSON
 * string)"). A change is written over the settings the server has, so saving the language keeps everything
 * else; a key set to undefined is removed.
 */
export function settingsJson(current: Record<string, unknown>, changes: Record<string, unknown>): string {
  const merged: Record<string, unknown> = { ...current, ...changes };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return JSON.stringify(merged);
}

/** The settings updateUserSettings answers, as an object or its JSON text; null when it is neither. */
export function parseSettings(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/** The text of the downloaded recovery codes: the (translated) heading lines, then one code a line. */
export function recoveryCodesText(codes: readonly string[], heading: readonly string[]): string {
  return [...heading, '', ...codes, ''].join('\n');
}
