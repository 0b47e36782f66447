import { DEFAULT_CHART_DATE_RANGE_START } from '@herald/protocol';
import type { EngagementActivity, EngagementDay, EngagementFigures } from '@herald/protocol';

/** The figures a marketer reads as rates, each of the messages sent. */
export type RatedFigure = 'opens' | 'clicks' | 'unsubscribes' | 'bounced';

/**
 * A share as a percent (0–100) of `whole`, for formatPercentage; none when nothing was sent, where a rate
 * would mean nothing (and 0% would claim something).
 */
export function engagementRate(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

/**
 * The rate shown beside each figure: opens and clicks as unique ones of the sends (one person opening a
 * message five times is one open of one message), unsubscribes and bounces as they are.
 */
export function figureRate(figures: EngagementFigures, figure: RatedFigure): number | null {
  const part =
    figure === 'opens'
      ? figures.uniqueOpens
      : figure === 'clicks'
        ? figures.uniqueClicks
        : figure === 'unsubscribes'
          ? figures.unsubscribes
          : figures.bounced;
  return engagementRate(part, figures.sent);
}

/** An activity's open and click rates, of its sends in the range. */
export function activityRates(activity: EngagementActivity): { open: number | null; click: number | null } {
  return {
    open: engagementRate(activity.uniqueOpens, activity.sent),
    click: engagementRate(activity.uniqueClicks, activity.sent),
  };
}

/** Whether anything happened at all: the empty state's test. */
export function hasEngagement(figures: EngagementFigures): boolean {
  return Object.values(figures).some((value) => value > 0);
}

export const SERIES_MEASURES = ['sent', 'opens', 'clicks', 'unsubscribes'] as const;
export type SeriesMeasure = (typeof SERIES_MEASURES)[number];

/** One bar of the engagement chart: a day, a month or a year, with its counts. */
export interface EngagementPeriod extends Record<SeriesMeasure, number> {
  period: string;
}

/** Up to this many days the chart has a bar a day, up to MAX_MONTHS a bar a month, beyond a bar a year. */
export const MAX_DAYS = 62;
export const MAX_MONTHS = 36;

const DAY_MS = 86_400_000;

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > to.slice(0, 7)) return months;
    months.push(key);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
}

/**
 * The engagement series over the range as evenly spaced bars, none left out (a period without messages is
 * 0). The default range starts at 2000-02-01, so that one is cut to the first day with figures rather than
 * showing decades of empty years; a range the user chose is shown whole. The bar's size follows the length.
 */
export function engagementPeriods(
  series: readonly EngagementDay[],
  range: { from: string; to: string },
): { unit: 'day' | 'month' | 'year'; periods: EngagementPeriod[] } {
  const inRange = series.filter((day) => day.date >= range.from && day.date <= range.to);
  const first = inRange[0]?.date;
  const from =
    range.from === DEFAULT_CHART_DATE_RANGE_START && first !== undefined && first > range.from
      ? first
      : range.from;
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  const months = monthsOf(from, range.to);
  const unit = days <= MAX_DAYS ? 'day' : months.length <= MAX_MONTHS ? 'month' : 'year';
  const keys =
    unit === 'day'
      ? daysOf(from, range.to)
      : unit === 'month'
        ? months
        : [...new Set(months.map((month) => month.slice(0, 4)))];
  const length = unit === 'day' ? 10 : unit === 'month' ? 7 : 4;
  const byKey = new Map<string, EngagementPeriod>(
    keys.map((period) => [period, { period, sent: 0, opens: 0, clicks: 0, unsubscribes: 0 }]),
  );
  for (const day of inRange) {
    const period = byKey.get(day.date.slice(0, length));
    if (!period) continue;
    for (const measure of SERIES_MEASURES) period[measure] += day[measure];
  }
  return { unit, periods: [...byKey.values()] };
}

/**
 * The range a list or audience report asks its engagement for: the report's own, or none (the server's last
 * 30 days) when it shows its default range, since 2000-02-01 up to today, which names no range at all.
 */
export function reportEngagementRange(
  range: { from: string; to: string },
  today: string,
): { from: string; to: string } | undefined {
  return range.from === DEFAULT_CHART_DATE_RANGE_START && range.to === today ? undefined : range;
}
