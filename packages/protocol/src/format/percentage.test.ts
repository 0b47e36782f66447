import { describe, it, expect } from 'vitest';
import { formatPercentage } from './percentage.ts';

describe('formatPercentage (input in percent, 0 to 100)', () => {
  it.each<[number, string]>([
    [45.3, '45.3%'],
    [45.25, '45.3%'],
    [45, '45.0%'],
    [100, '100.0%'],
    [9.87, '9.87%'],
    [9.874, '9.87%'],
    [5, '5.00%'],
    [0, '0.00%'],
    [0.004, '0.00%'],
    [10, '10.0%'],
    // Rounds up across the 10% boundary: 1 decimal, not '10.00%'.
    [9.996, '10.0%'],
    [9.994, '9.99%'],
    [150, '150.0%'],
    [-5, '-5.00%'],
    [-45.3, '-45.3%'],
    [-0.001, '0.00%'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%d → %j', (percent, expected) => {
    expect(formatPercentage(percent)).toBe(expected);
  });
});
