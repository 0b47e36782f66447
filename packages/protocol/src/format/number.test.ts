import { describe, it, expect } from 'vitest';
import { formatNumber } from './number.ts';

describe('formatNumber', () => {
  it.each<[number, string]>([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [1.5, '1.5'],
    [12.345, '12.3'],
    [100, '100'],
    [999, '999'],
    [999.4, '999'],
    // Rounding up across a suffix boundary.
    [999.5, '1K'],
    [1000, '1K'],
    [1234, '1.23K'],
    [1235, '1.24K'],
    [12345, '12.3K'],
    [123456, '123K'],
    [999_499, '999K'],
    [999_500, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_234_567_890, '1.23B'],
    [1.23e12, '1.23T'],
    [1.23e15, '1230T'],
    [0.5, '0.5'],
    [0.01234, '0.0123'],
    [0.000012345, '0.0000123'],
    [-1234, '-1.23K'],
    [-0.5, '-0.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [Number.NEGATIVE_INFINITY, ''],
  ])('%d → %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});
