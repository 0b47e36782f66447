import type { DashboardStats } from '@herald/protocol';
import { inChartDateRange, type ChartDateRange } from './chartDateRange.ts';

type CreatedPerDay = DashboardStats['subscribers']['createdPerDay'];

/** One bar of the growth chart: a month (YYYY-MM) or a year (YYYY), with its new subscribers and the total at its end. */
export interface GrowthPeriod {
  period: string;
  added: number;
  total: number;
}

/** Up to this many months the chart has a bar a month; a longer range (the default one, from 2000) a bar a year. */
export const MAX_MONTHLY_PERIODS = 36;

/** Subscribers created inside the range, both ends included. */
export function newInRange(createdPerDay: CreatedPerDay, range: ChartDateRange): number {
  let count = 0;
  for (const day of createdPerDay) if (inChartDateRange(day.date, range)) count += day.count;
  return count;
}

function monthsOf(range: ChartDateRange): string[] {
  const months: string[] = [];
  let year = Number(range.from.slice(0, 4));
  let month = Number(range.from.slice(5, 7));
  const last = range.to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * Growth over the range, a bar per period with none left out (so the axis is evenly spaced, and a period
 * without new subscribers shows as 0 rather than being skipped): the subscribers added in the period, within
 * the range, and how many there were at its end, counting those created before the range starts. The first
 * and last periods are cut at the range's ends, so the chart shows exactly the range the cards count.
 */
export function growthOverRange(
  createdPerDay: CreatedPerDay,
  range: ChartDateRange,
): {
  unit: 'month' | 'year';
  periods: GrowthPeriod[];
} {
  const months = monthsOf(range);
  const unit = months.length <= MAX_MONTHLY_PERIODS ? 'month' : 'year';
  const keyOf = (date: string) => (unit === 'month' ? date.slice(0, 7) : date.slice(0, 4));
  const keys = unit === 'month' ? months : [...new Set(months.map((month) => month.slice(0, 4)))];
  const added = new Map<string, number>(keys.map((key) => [key, 0]));
  let before = 0;
  for (const day of createdPerDay) {
    if (day.date < range.from) before += day.count;
    else if (inChartDateRange(day.date, range)) {
      const key = keyOf(day.date);
      added.set(key, (added.get(key) ?? 0) + day.count);
    }
  }
  let total = before;
  const periods = keys.map((period) => {
    const count = added.get(period) ?? 0;
    total += count;
    return { period, added: count, total };
  });
  return { unit, periods };
}
