import { REPORT_HOURLY_SPAN_MS, REPORT_SERIES_MAX_BUCKETS, type ReportInterval } from '@herald/protocol';
import { validation } from '../query/resources.ts';

const STEP_MS: Record<ReportInterval, number> = { hour: 3_600_000, day: 86_400_000 };

/** The series' buckets: their size, the first and last bucket's starts (UTC), and every start between. */
export interface SeriesRange {
  interval: ReportInterval;
  from: Date;
  to: Date;
  /** The end of the last bucket (exclusive): what the queries count up to. */
  end: Date;
  buckets: Date[];
}

/** The start of the UTC hour or day `time` falls in. */
export function bucketStart(time: number, interval: ReportInterval): number {
  return Math.floor(time / STEP_MS[interval]) * STEP_MS[interval];
}

/**
 * The series' range from what was asked and when sending began: `from` defaults to the start of sending,
 * `to` to now, and the interval to hours when the range spans at most 72 hours (a send's first days), else
 * days. A range asked for with more than REPORT_SERIES_MAX_BUCKETS buckets is refused; a default one keeps
 * its last buckets. Undefined before anything was sent and with no `from`.
 */
export function seriesRange(
  asked: { from?: string | undefined; to?: string | undefined; interval?: ReportInterval | undefined },
  sendingStarted: Date | undefined,
  now: number,
): SeriesRange | undefined {
  const fromTime = asked.from !== undefined ? Date.parse(asked.from) : sendingStarted?.getTime();
  if (fromTime === undefined) return undefined;
  const toTime = asked.to !== undefined ? Date.parse(asked.to) : Math.max(now, fromTime);
  const interval = asked.interval ?? (toTime - fromTime <= REPORT_HOURLY_SPAN_MS ? 'hour' : 'day');
  const step = STEP_MS[interval];
  const last = bucketStart(toTime, interval);
  let first = bucketStart(fromTime, interval);
  if ((last - first) / step + 1 > REPORT_SERIES_MAX_BUCKETS) {
    if (asked.from !== undefined)
      throw validation('from', `At most ${REPORT_SERIES_MAX_BUCKETS} buckets of a ${interval}`);
    first = last - (REPORT_SERIES_MAX_BUCKETS - 1) * step;
  }
  const buckets: Date[] = [];
  for (let at = first; at <= last; at += step) buckets.push(new Date(at));
  return { interval, from: new Date(first), to: new Date(last), end: new Date(last + step), buckets };
}
