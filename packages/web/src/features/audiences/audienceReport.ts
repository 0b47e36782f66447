import { DEFAULT_CHART_DATE_RANGE_START } from '@herald/protocol';
import type { AudienceSizeDay } from '@herald/protocol';
import { isIsoDate } from '../dashboard/chartDateRange.ts';
import type { ChartDateRange } from '../dashboard/chartDateRange.ts';

/** The audience report's date range as its URL says it (platform §9's default range left out). */
export function parseAudienceReportRange(search: URLSearchParams, today: string): ChartDateRange {
  const from = search.get('from');
  const to = search.get('to');
  const range = {
    from: from !== null && isIsoDate(from) ? from : DEFAULT_CHART_DATE_RANGE_START,
    to: to !== null && isIsoDate(to) ? to : today,
  };
  return range.from <= range.to ? range : { from: range.to, to: range.from };
}

export function writeAudienceReportRange(
  range: ChartDateRange,
  today: string,
  base: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(base);
  next.delete('from');
  next.delete('to');
  if (range.from !== DEFAULT_CHART_DATE_RANGE_START) next.set('from', range.from);
  if (range.to !== today) next.set('to', range.to);
  return next;
}

/** The chart's points: the days in the range, by calendar date. */
export function sizePoints(
  days: readonly AudienceSizeDay[],
  range: ChartDateRange,
): Array<{ date: string; size: number }> {
  return days
    .map((day) => ({ date: day.day.slice(0, 10), size: day.size }))
    .filter((day) => day.date >= range.from && day.date <= range.to);
}
