import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColors, contrastRatio, dimmedText, FILLED_SHADE } from './accessibleColors.ts';

const WHITE = '#ffffff';
const AA = 4.5;

describe('the accessible palettes', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21);
    // Mantine's defaults, indigo 6 and gray 6 on white, fall short of AA (4.5:1).
    expect(contrastRatio('#4c6ef5', WHITE)).toBeCloseTo(4.32, 1);
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 1);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s carries text at AA', (name) => {
    const palette = accessibleColors[name];
    if (!palette) throw new Error(`no palette ${name}`);
    // Filled: white text on it, and it as text on white.
    expect(contrastRatio(palette[FILLED_SHADE], WHITE)).toBeGreaterThanOrEqual(AA);
    // Light and subtle: shade 9 text on shade 1, and on shade 2 when hovered.
    expect(contrastRatio(palette[9], palette[1])).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(palette[9], palette[2])).toBeGreaterThanOrEqual(AA);
  });

  it('makes dimmed text AA on white and on the lightest greys', () => {
    for (const background of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]])
      expect(contrastRatio(dimmedText, background)).toBeGreaterThanOrEqual(AA);
  });
});
