import { describe, expect, it } from 'vitest';
import {
  changeChartDateRange,
  defaultChartDateRange,
  inChartDateRange,
  isIsoDate,
} from './chartDateRange.ts';
import { presetOf, presetRange } from './chartDateRangePresets.ts';
import { CAMPAIGN_ROWS, statusRows } from './stats.ts';
import { growthOverRange, newInRange } from './subscriberGrowth.ts';

describe('chart date range', () => {
  it('starts on 2000-02-01 and ends today (ISO)', () => {
    expect(defaultChartDateRange(new Date('2026-11-22T16:00:00Z'))).toEqual({
      from: '2000-02-01',
      to: '2026-11-22',
    });
  });

  it('keeps the previous end for an unreadable date and swaps reversed ends', () => {
    const range = { from: '2000-02-01', to: '2026-11-22' };
    expect(changeChartDateRange(range, { from: '2026-02-30' })).toEqual(range);
    expect(changeChartDateRange(range, { to: '' })).toEqual(range);
    expect(changeChartDateRange(range, { from: '2027-01-01' })).toEqual({
      from: '2026-11-22',
      to: '2027-01-01',
    });
    expect(changeChartDateRange(range, { from: '2020-01-01' })).toEqual({
      from: '2020-01-01',
      to: '2026-11-22',
    });
  });

  it('includes both ends and compares by calendar date', () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    expect(inChartDateRange('2026-01-01', range)).toBe(true);
    expect(inChartDateRange('2026-01-31T23:59:59Z', range)).toBe(true);
    expect(inChartDateRange('2026-02-01', range)).toBe(false);
    expect(inChartDateRange('nonsense', range)).toBe(false);
    expect(inChartDateRange('2026-01', { from: '2026-01-31', to: '2026-03-01' })).toBe(true);
    expect(inChartDateRange('2026-04', { from: '2026-01-31', to: '2026-03-01' })).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('chart date range presets', () => {
  const today = new Date('2026-11-22T16:00:00Z');

  it('end today: since 2000-02-01, the last 30 days, twelve whole months, this year', () => {
    expect(presetRange('sinceStart', today)).toEqual(defaultChartDateRange(today));
    expect(presetRange('last30Days', today)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange('last12Months', today)).toEqual({ from: '2025-12-01', to: '2026-11-22' });
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-11-22' });
  });

  it('draws the last twelve months as twelve monthly bars', () => {
    const growth = growthOverRange([], presetRange('last12Months', today));
    expect(growth.unit).toBe('month');
    expect(growth.periods.map((period) => period.period)).toHaveLength(12);
    expect(growth.periods[0]?.period).toBe('2025-12');
  });

  it('count back across month and year ends', () => {
    // 2024 is a leap year: 30 days to 1 March start on 1 February.
    const march = new Date('2024-03-01T00:00:00Z');
    expect(presetRange('last30Days', march)).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    const january = new Date('2025-01-10T23:59:00Z');
    expect(presetRange('last30Days', january)).toEqual({ from: '2024-12-12', to: '2025-01-10' });
    expect(presetRange('last12Months', january)).toEqual({ from: '2024-02-01', to: '2025-01-10' });
  });

  it('names the preset a range is, and none for a range picked date by date or kept from yesterday', () => {
    expect(presetOf(defaultChartDateRange(today), today)).toBe('sinceStart');
    expect(presetOf({ from: '2026-01-01', to: '2026-11-22' }, today)).toBe('thisYear');
    expect(presetOf({ from: '2024-03-01', to: '2024-03-31' }, today)).toBeUndefined();
    expect(presetOf(defaultChartDateRange(new Date('2026-11-21T12:00:00Z')), today)).toBeUndefined();
  });
});

describe('subscriber growth', () => {
  const createdPerDay = [
    { date: '1999-12-31', count: 5 },
    { date: '2026-01-05', count: 2 },
    { date: '2026-03-01', count: 3 },
    { date: '2026-03-31', count: 1 },
    { date: '2026-05-02', count: 4 },
  ];

  it('counts the new subscribers inside the range, both ends included', () => {
    expect(newInRange(createdPerDay, { from: '2026-01-05', to: '2026-03-31' })).toBe(6);
    expect(newInRange(createdPerDay, { from: '2026-01-06', to: '2026-03-30' })).toBe(3);
  });

  it('gives every month of a short range its bar, empty months as 0, and the running total', () => {
    const growth = growthOverRange(createdPerDay, { from: '2026-01-10', to: '2026-05-01' });
    expect(growth.unit).toBe('month');
    expect(growth.periods).toEqual([
      { period: '2026-01', added: 0, total: 7 },
      { period: '2026-02', added: 0, total: 7 },
      { period: '2026-03', added: 4, total: 11 },
      { period: '2026-04', added: 0, total: 11 },
      { period: '2026-05', added: 0, total: 11 },
    ]);
  });

  it('starts the default range on 2000-02-01 with a bar a year, and ends with the total', () => {
    const range = defaultChartDateRange(new Date('2026-11-22T16:00:00Z'));
    const growth = growthOverRange(createdPerDay, range);
    expect(growth.unit).toBe('year');
    expect(growth.periods[0]).toEqual({ period: '2000', added: 0, total: 5 });
    expect(growth.periods.at(-1)?.period).toBe('2026');
    expect(growth.periods).toHaveLength(27);
    expect(growth.periods.at(-1)?.total).toBe(15);
    expect(growth.periods.find((period) => period.period === '2026')?.added).toBe(10);
  });
});

describe('status rows', () => {
  it('lists every known status in order, missing ones as 0, unknown ones after', () => {
    expect(statusRows({ archived: 2, active: 1, mystery: 4 }, CAMPAIGN_ROWS)).toEqual([
      { status: 'active', count: 1 },
      { status: 'upcoming', count: 0 },
      { status: 'completed', count: 0 },
      { status: 'archived', count: 2 },
      { status: 'mystery', count: 4 },
    ]);
  });
});
