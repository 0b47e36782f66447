import { describe, expect, it } from 'vitest';
import { countTicks } from './countTicks.ts';

describe('count ticks', () => {
  it('gives a few counts whole-number ticks, never halves', () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('reaches past the largest count with a round step', () => {
    expect(countTicks(1234)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(countTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(countTicks(48)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(countTicks(2_600_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000]);
  });

  it('draws an empty chart from 0 to 1', () => {
    expect(countTicks(0)).toEqual([0, 1]);
  });

  it('keeps every tick whole and about the asked number of them', () => {
    for (let max = 1; max < 5000; max += 7) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
});
