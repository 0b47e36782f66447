import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from './validate-row.ts';

/** What a calendar says: the day exists, checked through Date (the slow path isoDate's fast one must agree with). */
function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || month < 1 || month > 12 || day < 1 || date.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('isoDate', () => {
  it('agrees with the calendar for every YYYY-MM-DD, leap days and impossible days included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (year, month, day) => {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(isoDate(text)).toBe(calendarDate(year, month, day));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', undefined],
    ['1900-02-29', undefined],
    ['2000-02-29', '2000-02-29'],
    ['2024-04-31', undefined],
    ['2024-4-3', '2024-04-03'],
    ['03/04/2024', '2024-04-03'],
    ['2024-04-03T10:20:00Z', '2024-04-03'],
    ['2024-0a-03', undefined],
    ['２０２４-04-03', undefined],
  ])('reads %s as %s', (text, expected) => {
    expect(isoDate(text)).toBe(expected);
  });
});
