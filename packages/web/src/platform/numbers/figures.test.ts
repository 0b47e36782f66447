import { describe, expect, it } from 'vitest';
import { compactFigure, exactFigure } from './figures.ts';

describe('figures', () => {
  it('shows three significant figures at a glance and the exact figure with the language grouping', () => {
    expect(compactFigure(1_234_567)).toBe('1.23M');
    expect(exactFigure(1_234_567, 'en')).toBe('1,234,567');
    expect(exactFigure(1_234_567, 'id')).toBe('1.234.567');
    expect(exactFigure(999, 'ja')).toBe('999');
    expect(exactFigure(Number.NaN, 'en')).toBe('');
  });
});
