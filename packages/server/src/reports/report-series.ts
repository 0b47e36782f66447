import type { ReportSeriesPoint } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { ENGAGEMENT_FIGURES, NO_ENGAGEMENT, reportEventsCte, type EngagementRow } from './report-events.ts';
import { deliveryCondition, subscriberVisibility, type ReportScope } from './report-scope.ts';
import type { SeriesRange } from './series-range.ts';

/**
 * The time series: per bucket, messages sent (the ledger's sent_at) and what happened (the events' time), every
 * bucket of the range present, empty ones as zeros.
 */
export async function reportSeries(
  db: Kysely<Database>,
  scope: ReportScope,
  since: Date,
  range: SeriesRange,
): Promise<ReportSeriesPoint[]> {
  const visible =
    scope.actor.partitionIds === undefined
      ? sql``
      : sql`JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
          AND ${subscriberVisibility(scope)}`;
  const sent = await sql<{ bucket: Date; sent: number }>`
    SELECT date_trunc(${range.interval}, d.sent_at, 'UTC') AS bucket, count(*)::integer AS sent
    FROM delivery d ${visible}
    WHERE ${deliveryCondition(scope)} AND d.status IN ('sent', 'bounced')
      AND d.sent_at >= ${range.from} AND d.sent_at < ${range.end}
    GROUP BY 1`.execute(db);
  const start = since > range.from ? since : range.from;
  const engaged = await sql<EngagementRow & { bucket: Date }>`
    WITH ${reportEventsCte(scope, start)}
    SELECT date_trunc(${range.interval}, occurred_at, 'UTC') AS bucket, ${ENGAGEMENT_FIGURES}
    FROM report_event WHERE occurred_at < ${range.end}
    GROUP BY 1`.execute(db);
  const sentAt = new Map(sent.rows.map((row) => [new Date(row.bucket).getTime(), row.sent]));
  const engagedAt = new Map(engaged.rows.map((row) => [new Date(row.bucket).getTime(), row]));
  return range.buckets.map((bucket) => {
    const time = bucket.getTime();
    const row = engagedAt.get(time) ?? NO_ENGAGEMENT;
    return {
      date: bucket.toISOString(),
      sent: sentAt.get(time) ?? 0,
      delivered: row.delivered,
      opens: row.opens,
      uniqueOpens: row.unique_opens,
      clicks: row.clicks,
      unsubscribes: row.unsubscribes,
      bounced: row.bounced,
      complaints: row.complaints,
    };
  });
}
