import { sql, type RawBuilder } from 'kysely';
import { subscriberVisibility, type ReportScope } from './report-scope.ts';

/** The subscriber event kinds a report counts (the `sent` events are read from the ledger instead). */
export const REPORT_EVENT_KINDS = [
  'delivered',
  'opened',
  'clicked',
  'unsubscribed',
  'complained',
  'bounced',
  'purchased',
] as const;

/**
 * The report's events as a CTE `report_event`: kind, subscriber, time, the details the figures read (a machine
 * open, a click's link), the subscriber's partitions, and the delivery's run and variation through the event's
 * details.deliveryId (absent for a purchase from the events API, which then counts in no variation).
 *
 * The scan starts at the first covered run: the (organization_id, kind, occurred_at) index bounds it to the
 * events since the activity began sending rather than the organization's whole history.
 */
export function reportEventsCte(scope: ReportScope, since: Date): RawBuilder<unknown> {
  const { actor, activity, runId } = scope;
  const run =
    runId === undefined
      ? sql`true`
      : sql`(d.run_id = ${runId} OR (d.id IS NULL AND EXISTS (SELECT 1 FROM delivery x
          WHERE x.run_id = ${runId} AND x.subscriber_id = e.subscriber_id)))`;
  return sql`report_event AS (
    SELECT e.kind, e.subscriber_id, e.occurred_at, d.variation, s.partition_ids,
      coalesce(e.details->>'machine' = 'true', false) AS machine,
      CASE WHEN e.details->>'linkIndex' ~ '^[0-9]{1,9}$' THEN (e.details->>'linkIndex')::integer END AS link_index,
      e.details->>'url' AS url,
      coalesce(e.details->>'type', 'hard') AS bounce_type
    FROM subscriber_event e
    JOIN subscriber s ON s.id = e.subscriber_id AND s.organization_id = e.organization_id
    LEFT JOIN delivery d ON d.id = CASE WHEN e.details->>'deliveryId' ~ '^[0-9]{1,18}$'
        THEN (e.details->>'deliveryId')::bigint END
      AND d.organization_id = e.organization_id AND d.activity_id = e.activity_id
    WHERE e.organization_id = ${actor.organizationId}
      AND e.kind = ANY(${[...REPORT_EVENT_KINDS]}::text[])
      AND e.occurred_at >= ${since}
      AND e.activity_id = ${activity.id}
      AND ${subscriberVisibility(scope)} AND ${run}
  )`;
}

/**
 * The engagement figures of a group of report_event rows, as SELECT expressions: opens without machine
 * opens, unique counts by subscriber, bounces as the ledger counts them (hard ones: a soft bounce leaves the
 * delivery sent).
 */
export const ENGAGEMENT_FIGURES = sql`
  count(*) FILTER (WHERE kind = 'delivered')::integer AS delivered,
  count(*) FILTER (WHERE kind = 'opened' AND NOT machine)::integer AS opens,
  count(DISTINCT subscriber_id) FILTER (WHERE kind = 'opened' AND NOT machine)::integer AS unique_opens,
  count(*) FILTER (WHERE kind = 'opened' AND machine)::integer AS machine_opens,
  count(*) FILTER (WHERE kind = 'clicked')::integer AS clicks,
  count(DISTINCT subscriber_id) FILTER (WHERE kind = 'clicked')::integer AS unique_clicks,
  count(DISTINCT subscriber_id) FILTER (WHERE kind = 'unsubscribed')::integer AS unsubscribes,
  count(DISTINCT subscriber_id) FILTER (WHERE kind = 'complained')::integer AS complaints,
  count(*) FILTER (WHERE kind = 'bounced' AND bounce_type = 'hard')::integer AS bounced,
  count(*) FILTER (WHERE kind = 'purchased')::integer AS conversions`;

/** One group's engagement figures as ENGAGEMENT_FIGURES selects them. */
export interface EngagementRow {
  delivered: number;
  opens: number;
  unique_opens: number;
  machine_opens: number;
  clicks: number;
  unique_clicks: number;
  unsubscribes: number;
  complaints: number;
  bounced: number;
  conversions: number;
}

export const NO_ENGAGEMENT: EngagementRow = {
  delivered: 0,
  opens: 0,
  unique_opens: 0,
  machine_opens: 0,
  clicks: 0,
  unique_clicks: 0,
  unsubscribes: 0,
  complaints: 0,
  bounced: 0,
  conversions: 0,
};
