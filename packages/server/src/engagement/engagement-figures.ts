import {
  TOP_ENGAGEMENT_ACTIVITIES,
  type Channel,
  type EngagementActivity,
  type EngagementDay,
  type EngagementFigures,
} from '@herald/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import { rangeInstants, type EngagementRange } from './engagement-range.ts';

/**
 * Whose events count: the actor's organization, within their partitions when restricted, and, for a list or
 * audience report, only the subscribers `members` answers (a subquery of subscriber ids).
 */
export interface EngagementScope {
  actor: Actor;
  members?: RawBuilder<unknown>;
}

/** The event kinds the figures read; each query names the kinds it needs, so the index range stays narrow. */
const FIGURE_KINDS = ['sent', 'opened', 'clicked', 'unsubscribed', 'bounced'];
const SERIES_KINDS = ['sent', 'opened', 'clicked', 'unsubscribed'];

/** A mail-privacy proxy's open (tracking marks it `machine`): counted apart, never as a person's open. */
const MACHINE = sql`coalesce(e.details->'machine' = 'true'::jsonb, false)`;
/**
 * What makes an open or a click unique: its delivery. Events written before deliveries carried their id (or
 * seeded ones) fall back to the subscriber and activity.
 */
const DELIVERY_KEY = sql`coalesce(e.details->>'deliveryId', e.subscriber_id::text || ':' || coalesce(e.activity_id, 0)::text)`;

/**
 * The events of the scope of these kinds within the range. Read through the (organization_id, kind,
 * occurred_at) index; a restricted user's and a report's members are checked per event by primary key.
 */
function scopedEvents(scope: EngagementScope, kinds: readonly string[], range: EngagementRange) {
  const { start, end } = rangeInstants(range);
  const { actor } = scope;
  const partitions =
    actor.partitionIds === undefined
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM subscriber s WHERE s.id = e.subscriber_id
          AND s.organization_id = ${actor.organizationId} AND ${partitionVisibility('s.partition_ids', actor)})`;
  const members = scope.members === undefined ? sql`true` : sql`e.subscriber_id IN (${scope.members})`;
  return sql`e.organization_id = ${actor.organizationId} AND e.kind = ANY(${[...kinds]}::text[])
    AND e.occurred_at >= ${start} AND e.occurred_at < ${end} AND ${partitions} AND ${members}`;
}

/** The scope's figures over the range, in one pass over its events. */
export async function engagementFigures(
  db: Kysely<Database>,
  scope: EngagementScope,
  range: EngagementRange,
): Promise<EngagementFigures> {
  const { rows } = await sql<EngagementFigures>`
    SELECT count(*) FILTER (WHERE kind = 'sent')::integer AS "sent",
      count(*) FILTER (WHERE kind = 'opened' AND NOT machine)::integer AS "opens",
      count(DISTINCT key) FILTER (WHERE kind = 'opened' AND NOT machine)::integer AS "uniqueOpens",
      count(*) FILTER (WHERE kind = 'clicked')::integer AS "clicks",
      count(DISTINCT key) FILTER (WHERE kind = 'clicked')::integer AS "uniqueClicks",
      count(*) FILTER (WHERE kind = 'unsubscribed')::integer AS "unsubscribes",
      count(*) FILTER (WHERE kind = 'bounced')::integer AS "bounced",
      count(*) FILTER (WHERE kind = 'opened' AND machine)::integer AS "machineOpens"
    FROM (SELECT e.kind, ${MACHINE} AS machine, ${DELIVERY_KEY} AS key FROM subscriber_event e
      WHERE ${scopedEvents(scope, FIGURE_KINDS, range)}) AS events`.execute(db);
  const row = rows[0];
  return {
    sent: row?.sent ?? 0,
    opens: row?.opens ?? 0,
    uniqueOpens: row?.uniqueOpens ?? 0,
    clicks: row?.clicks ?? 0,
    uniqueClicks: row?.uniqueClicks ?? 0,
    unsubscribes: row?.unsubscribes ?? 0,
    bounced: row?.bounced ?? 0,
    machineOpens: row?.machineOpens ?? 0,
  };
}

/** The scope's sends, opens (people's), clicks and unsubscribes per UTC day; days without any left out. */
export async function engagementSeries(
  db: Kysely<Database>,
  scope: EngagementScope,
  range: EngagementRange,
): Promise<EngagementDay[]> {
  const { rows } = await sql<EngagementDay>`
    SELECT to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "date",
      count(*) FILTER (WHERE e.kind = 'sent')::integer AS "sent",
      count(*) FILTER (WHERE e.kind = 'opened' AND NOT ${MACHINE})::integer AS "opens",
      count(*) FILTER (WHERE e.kind = 'clicked')::integer AS "clicks",
      count(*) FILTER (WHERE e.kind = 'unsubscribed')::integer AS "unsubscribes"
    FROM subscriber_event e WHERE ${scopedEvents(scope, SERIES_KINDS, range)}
    GROUP BY 1 ORDER BY 1`.execute(db);
  // A day of machine opens only has nothing to show.
  return rows.filter((day) => day.sent + day.opens + day.clicks + day.unsubscribes > 0);
}

/**
 * The activities with the most sends to the scope in the range (a restricted user's among their partitions'
 * activities only, the ones they may open), each with how many of those deliveries a person opened or clicked
 * since the range began: a rate of the range's own sends, which an open of an older message cannot push past
 * 100%.
 */
export async function topActivities(
  db: Kysely<Database>,
  scope: EngagementScope,
  range: EngagementRange,
): Promise<EngagementActivity[]> {
  const { actor } = scope;
  const { start } = rangeInstants(range);
  const { rows } = await sql<{
    activity_id: number;
    campaign_id: number;
    name: string;
    type: Channel;
    sent: number;
    unique_opens: number;
    unique_clicks: number;
  }>`
    WITH sent AS (
      SELECT e.activity_id, e.details->>'deliveryId' AS delivery_id FROM subscriber_event e
      WHERE ${scopedEvents(scope, ['sent'], range)} AND e.activity_id IS NOT NULL
    ), top AS (
      SELECT s.activity_id, count(*)::integer AS sent FROM sent s
      JOIN activity a ON a.id = s.activity_id AND a.organization_id = ${actor.organizationId}
        AND ${partitionVisibility('a.partition_ids', actor)}
      GROUP BY s.activity_id ORDER BY 2 DESC, 1 LIMIT ${TOP_ENGAGEMENT_ACTIVITIES}
    ), reached AS (
      SELECT s.activity_id,
        count(DISTINCT s.delivery_id) FILTER (WHERE r.kind = 'opened')::integer AS unique_opens,
        count(DISTINCT s.delivery_id) FILTER (WHERE r.kind = 'clicked')::integer AS unique_clicks
      FROM sent s JOIN subscriber_event r ON r.organization_id = ${actor.organizationId}
        AND r.kind IN ('opened', 'clicked') AND r.occurred_at >= ${start}
        AND r.activity_id = s.activity_id AND r.details->>'deliveryId' = s.delivery_id
        AND NOT coalesce(r.details->'machine' = 'true'::jsonb, false)
      WHERE s.activity_id IN (SELECT activity_id FROM top)
      GROUP BY s.activity_id
    )
    SELECT t.activity_id, a.campaign_id, a.name, a.type, t.sent,
      coalesce(r.unique_opens, 0)::integer AS unique_opens, coalesce(r.unique_clicks, 0)::integer AS unique_clicks
    FROM top t JOIN activity a ON a.id = t.activity_id LEFT JOIN reached r ON r.activity_id = t.activity_id
    ORDER BY t.sent DESC, t.activity_id`.execute(db);
  return rows.map((row) => ({
    activityId: row.activity_id,
    campaignId: row.campaign_id,
    name: row.name,
    type: row.type,
    sent: row.sent,
    uniqueOpens: row.unique_opens,
    uniqueClicks: row.unique_clicks,
  }));
}
