import { describe, it, expect } from 'vitest';
import { formatIsoDate, formatIsoDateTime } from './date.ts';
import type { DateInput } from './date.ts';

const instant = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

describe('formatIsoDate', () => {
  it.each<[string, DateInput, string]>([
    ['a Date', new Date(instant), '2026-01-02'],
    ['epoch milliseconds', instant, '2026-01-02'],
    ['an ISO string', '2026-01-02T03:04:05Z', '2026-01-02'],
    // The UTC day, whatever the offset the input was written in.
    ['an offset string', '2026-01-02T23:30:00-05:00', '2026-01-03'],
    ['the epoch', 0, '1970-01-01'],
    ['the chart range start', '2000-02-01', '2000-02-01'],
    ['an invalid string', 'not a date', ''],
    ['an invalid Date', new Date(Number.NaN), ''],
  ])('%s', (_case, input, expected) => {
    expect(formatIsoDate(input)).toBe(expected);
  });
});

describe('formatIsoDateTime', () => {
  it.each<[string, DateInput, string]>([
    ['drops milliseconds without rounding', new Date(instant), '2026-01-02T03:04:05Z'],
    ['epoch milliseconds', instant, '2026-01-02T03:04:05Z'],
    ['999 ms stays in its second', Date.UTC(2026, 11, 31, 23, 59, 59, 999), '2026-12-31T23:59:59Z'],
    ['converts offsets to UTC', '2026-01-02T08:34:05+05:30', '2026-01-02T03:04:05Z'],
    ['the epoch', 0, '1970-01-01T00:00:00Z'],
    ['an invalid string', 'not a date', ''],
  ])('%s', (_case, input, expected) => {
    expect(formatIsoDateTime(input)).toBe(expected);
  });
});
