import { darken, DEFAULT_THEME, luminance } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/** WCAG 2 AA for normal text, with a little room so rounding in the browser never lands below it. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` darkened in small steps until it reaches `ratio` against `background`. */
export function darkenedUntil(color: string, background: string, ratio = TEXT_CONTRAST): string {
  let shade = color;
  for (let amount = 0.04; contrastRatio(shade, background) < ratio && amount < 1; amount += 0.04)
    shade = darken(color, amount);
  return shade;
}

/** The shade the theme fills with (primaryShade): buttons, filled badges, links and coloured text. */
export const FILLED_SHADE = 8;

/**
 * A palette whose text-bearing shades pass AA in light mode: shade 8 carries white text (filled buttons and
 * badges) and is coloured text on white (links, c="red"); shade 9 is the text of light badges, alerts and
 * subtle buttons on shades 1 and 2. Mantine's yellow, orange, green, teal, cyan and lime fall short there (down to 2.5:1).
 */
export function accessiblePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const filled = darkenedUntil(palette[FILLED_SHADE], '#ffffff');
  // On shade 2 too: the hover background of light and subtle buttons, such as the organization switcher.
  const lightText = darkenedUntil(palette[9], palette[2]);
  const shades = [...palette];
  shades[FILLED_SHADE] = filled;
  shades[9] = lightText;
  return shades as unknown as MantineColorsTuple;
}

/** Mantine's colours, each made accessible. */
export const accessibleColors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, accessiblePalette(palette)]),
);

/**
 * Secondary (c="dimmed") text: Mantine's gray 6 is 3.3:1 on white. This grey reaches AA even on gray 1, the
 * lightest panel background the console puts text on.
 */
export const dimmedText = darkenedUntil(DEFAULT_THEME.colors.gray[6], DEFAULT_THEME.colors.gray[1]);
