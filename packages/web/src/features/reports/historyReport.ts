import { DEFAULT_CHART_DATE_RANGE_START } from '@herald/protocol';
import { isIsoDate } from '../dashboard/chartDateRange.ts';
import type { ChartDateRange } from '../dashboard/chartDateRange.ts';

/** A report's view as its URL says it: the measure charted and the date range (platform §9). */
export interface ReportView<Measure extends string> {
  measure: Measure;
  range: ChartDateRange;
}

/** A report's measures, the first being the default (written out of the URL). */
export type ReportMeasures<Measure extends string> = readonly [Measure, ...Measure[]];

export function parseReportView<Measure extends string>(
  search: URLSearchParams,
  today: string,
  measures: ReportMeasures<Measure>,
): ReportView<Measure> {
  const measure = search.get('measure');
  const from = search.get('from');
  const to = search.get('to');
  const range = {
    from: from !== null && isIsoDate(from) ? from : DEFAULT_CHART_DATE_RANGE_START,
    to: to !== null && isIsoDate(to) ? to : today,
  };
  return {
    measure: measures.find((known) => known === measure) ?? measures[0],
    range: range.from <= range.to ? range : { from: range.to, to: range.from },
  };
}

/** The view written into the URL: defaults left out, other parameters kept. */
export function writeReportView<Measure extends string>(
  view: ReportView<Measure>,
  today: string,
  measures: ReportMeasures<Measure>,
  base: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of ['measure', 'from', 'to']) next.delete(name);
  if (view.measure !== measures[0]) next.set('measure', view.measure);
  if (view.range.from !== DEFAULT_CHART_DATE_RANGE_START) next.set('from', view.range.from);
  if (view.range.to !== today) next.set('to', view.range.to);
  return next;
}

/** One day of a report's history, by calendar date (YYYY-MM-DD, or an instant starting with one). */
export type ReportDay<Measure extends string> = { date: string } & Record<Measure, number>;

/**
 * The days the chart shows: those in the range, by calendar date. The range starts at 2000-02-01 by default
 * (functional §9), so the shown range is clipped to the first day with data rather than twenty empty years.
 */
export function chartDays<Day extends { date: string }>(days: readonly Day[], range: ChartDateRange): Day[] {
  return days
    .map((day) => ({ ...day, date: day.date.slice(0, 10) }))
    .filter((day) => day.date >= range.from && day.date <= range.to);
}

/** The range actually shown: its start moved up to the first day with data. */
export function clippedRange(days: readonly { date: string }[], range: ChartDateRange): ChartDateRange {
  const first = days.find((day) => day.date.slice(0, 10) >= range.from)?.date.slice(0, 10);
  return first && first > range.from && first <= range.to ? { from: first, to: range.to } : range;
}
