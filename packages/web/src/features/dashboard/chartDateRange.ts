import { DEFAULT_CHART_DATE_RANGE_START } from '@herald/protocol';

/** The dashboard charts' date range (platform §3 chartDateRange): ISO dates, both ends included. */
export interface ChartDateRange {
  from: string;
  to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date as YYYY-MM-DD in UTC (platform §9: ISO output). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDate(date) === value;
}

/** Platform §9: from 2000-02-01 to today. */
export function defaultChartDateRange(today: Date): ChartDateRange {
  return { from: DEFAULT_CHART_DATE_RANGE_START, to: isoDate(today) };
}

/**
 * A range after the user changed one end: an unreadable end keeps its previous value, and ends given in the
 * wrong order are swapped, so the range is always usable.
 */
export function changeChartDateRange(
  previous: ChartDateRange,
  change: Partial<ChartDateRange>,
): ChartDateRange {
  const from = change.from !== undefined && isIsoDate(change.from) ? change.from : previous.from;
  const to = change.to !== undefined && isIsoDate(change.to) ? change.to : previous.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** Whether a date or date-time (ISO) falls in the range; the comparison is on the calendar date. */
export function inChartDateRange(value: string, range: ChartDateRange): boolean {
  // A month (YYYY-MM) is in the range when any of its days is.
  if (/^\d{4}-\d{2}$/.test(value)) return value >= range.from.slice(0, 7) && value <= range.to.slice(0, 7);
  const day = value.slice(0, 10);
  if (!isIsoDate(day)) return false;
  return day >= range.from && day <= range.to;
}
