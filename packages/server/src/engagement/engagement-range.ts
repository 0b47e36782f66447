import { DEFAULT_CHART_DATE_RANGE_START, DEFAULT_ENGAGEMENT_DAYS } from '@herald/protocol';

/** UTC days, both included, as the commands take and answer them. */
export interface EngagementRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The range a command counts: the days it was given, swapped when given the wrong way round (as the
 * dashboard's range picker does), each missing end taken from `fallback`.
 */
export function engagementRangeOf(
  params: { from?: string | undefined; to?: string | undefined },
  fallback: EngagementRange,
): EngagementRange {
  const from = params.from ?? fallback.from;
  const to = params.to ?? fallback.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The dashboard's default (platform §9 chartDateRange): 2000-02-01 to today. */
export function sinceStart(now: number): EngagementRange {
  return { from: DEFAULT_CHART_DATE_RANGE_START, to: isoDay(now) };
}

/** A list or audience report's default: the last 30 days, today included. */
export function lastDays(now: number, days = DEFAULT_ENGAGEMENT_DAYS): EngagementRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** The range as instants: from the first day's midnight (UTC) up to, not including, the day after the last. */
export function rangeInstants(range: EngagementRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  return { start, end };
}
