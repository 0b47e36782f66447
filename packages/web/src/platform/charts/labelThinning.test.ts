import { describe, expect, it } from 'vitest';
import { labelledSlots, labelWidth } from './labelThinning.ts';

describe('label thinning', () => {
  it('estimates ideographs wider than digits and letters', () => {
    expect(labelWidth('2024', 12)).toBe(30);
    expect(labelWidth('Mar 2024', 12)).toBe(60);
    expect(labelWidth('2024年3月', 12)).toBeGreaterThan(labelWidth('Mar 2024', 12));
  });

  it('labels every slot when there is room', () => {
    expect(labelledSlots(5, 100, 60, 8)).toEqual([0, 1, 2, 3, 4]);
  });

  it('labels every n-th slot, the last one always, so none overlap', () => {
    // 27 years on 600 px: slots 22 px apart, labels 30 px wide plus an 8 px gap take two slots each.
    expect(labelledSlots(27, 22, 30, 8)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26]);
    expect(labelledSlots(13, 20, 60, 8)).toEqual([0, 4, 8, 12]);
    expect(labelledSlots(12, 20, 60, 8)).toEqual([3, 7, 11]);
  });

  it('keeps labels apart by at least the gap', () => {
    for (const [count, slotWidth, width] of [
      [36, 14, 60],
      [27, 9, 30],
      [2, 300, 60],
    ] as const) {
      const slots = labelledSlots(count, slotWidth, width, 8);
      for (let index = 1; index < slots.length; index += 1)
        expect(((slots[index] ?? 0) - (slots[index - 1] ?? 0)) * slotWidth).toBeGreaterThanOrEqual(width + 8);
      expect(slots.at(-1)).toBe(count - 1);
    }
  });

  it('labels nothing without slots', () => {
    expect(labelledSlots(0, 10, 30, 8)).toEqual([]);
  });
});
