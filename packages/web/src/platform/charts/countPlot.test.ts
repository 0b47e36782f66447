import { describe, expect, it } from 'vitest';
import { countPlot } from './countPlot.ts';

const size = {
  width: 600,
  height: 220,
  count: 12,
  maxValue: 1250,
  valueLabelWidth: 30,
  periodLabelWidth: 60,
  fontSize: 12,
};

describe('count plot', () => {
  it('gives every period an equal slot, so the time axis is evenly spaced', () => {
    const plot = countPlot(size);
    const centers = Array.from({ length: 12 }, (_, index) => plot.slotCenter(index));
    const steps = centers.slice(1).map((center, index) => center - (centers[index] ?? 0));
    expect(new Set(steps.map((step) => step.toFixed(6))).size).toBe(1);
    expect(plot.slotCenter(0) - plot.left).toBeCloseTo(plot.slotWidth / 2);
    expect(plot.right - plot.slotCenter(11)).toBeCloseTo(plot.slotWidth / 2);
  });

  it('maps 0 to the bottom and the top tick to the top', () => {
    const plot = countPlot(size);
    expect(plot.valueY(0)).toBe(plot.bottom);
    expect(plot.valueY(1250)).toBe(plot.top);
    expect(plot.valueY(625)).toBe((plot.top + plot.bottom) / 2);
    expect(plot.bottom).toBeLessThan(220 - 12);
    expect(plot.top).toBeGreaterThanOrEqual(6);
  });

  it('leaves room for the value labels and for the last period label', () => {
    const plot = countPlot(size);
    expect(plot.left).toBe(38);
    // The last label, centred on its slot, ends at the svg's edge or just before it.
    expect(plot.slotCenter(11) + 30).toBeLessThanOrEqual(600);
    expect(plot.slotCenter(11) + 30).toBeGreaterThan(598);
    const narrow = countPlot({ ...size, count: 36, width: 400 });
    expect(narrow.slotCenter(35) + 30).toBeLessThanOrEqual(400);
    expect(narrow.slotCenter(35) + 30).toBeGreaterThan(398);
    // Wide slots hold their labels: only the minimum margin is left.
    expect(countPlot({ ...size, count: 3 }).right).toBe(596);
  });

  it('finds the period under the pointer, and none beside the plot', () => {
    const plot = countPlot(size);
    expect(plot.slotAt(plot.slotCenter(0))).toBe(0);
    expect(plot.slotAt(plot.slotCenter(7) + plot.slotWidth * 0.49)).toBe(7);
    expect(plot.slotAt(plot.right - 0.01)).toBe(11);
    expect(plot.slotAt(plot.left - 1)).toBeUndefined();
    expect(plot.slotAt(plot.right)).toBeUndefined();
  });
});
