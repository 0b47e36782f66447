import { DEFAULT_CHART_DATE_RANGE_START, DEFAULT_CHART_VIEWS, LIST_STAT_MEASURES } from '@herald/protocol';
import type { ListStatMeasure, ListStatsDay } from '@herald/protocol';
import { isIsoDate } from '../dashboard/chartDateRange.ts';
import type { ChartDateRange } from '../dashboard/chartDateRange.ts';

/** The list report's view as its URL says it: the measure (default contactable) and the date range. */
export interface ListReportView {
  measure: ListStatMeasure;
  range: ChartDateRange;
}

export function parseListReportView(search: URLSearchParams, today: string): ListReportView {
  const measure = search.get('measure');
  const from = search.get('from');
  const to = search.get('to');
  const range = {
    from: from !== null && isIsoDate(from) ? from : DEFAULT_CHART_DATE_RANGE_START,
    to: to !== null && isIsoDate(to) ? to : today,
  };
  return {
    measure: (LIST_STAT_MEASURES as readonly string[]).includes(measure ?? '')
      ? (measure as ListStatMeasure)
      : DEFAULT_CHART_VIEWS.list,
    range: range.from <= range.to ? range : { from: range.to, to: range.from },
  };
}

/** The view written into the URL: defaults left out. */
export function writeListReportView(
  view: ListReportView,
  today: string,
  base: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of ['measure', 'from', 'to']) next.delete(name);
  if (view.measure !== DEFAULT_CHART_VIEWS.list) next.set('measure', view.measure);
  if (view.range.from !== DEFAULT_CHART_DATE_RANGE_START) next.set('from', view.range.from);
  if (view.range.to !== today) next.set('to', view.range.to);
  return next;
}

/**
 * The days the chart shows: those in the range. The range starts at 2000-02-01 by default (functional §9),
 * so the chart is clipped to the first day with data rather than drawing twenty empty years.
 */
export function chartDays(days: readonly ListStatsDay[], range: ChartDateRange): ListStatsDay[] {
  return days.filter((day) => day.date.slice(0, 10) >= range.from && day.date.slice(0, 10) <= range.to);
}

/** The range actually shown: its start moved up to the first day with data. */
export function clippedRange(days: readonly ListStatsDay[], range: ChartDateRange): ChartDateRange {
  const first = days.find((day) => day.date.slice(0, 10) >= range.from)?.date.slice(0, 10);
  return first && first > range.from && first <= range.to ? { from: first, to: range.to } : range;
}
