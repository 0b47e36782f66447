import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { ENGAGEMENT_FIGURES, reportEventsCte, type EngagementRow } from './report-events.ts';
import { deliveryCondition, subscriberVisibility, type ReportScope } from './report-scope.ts';

/** The ledger's counts of one group of deliveries. */
export interface LedgerRow {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
}

/**
 * A bounce was sent first, so `sent` counts it; the engine's `sending` (a claim in progress) reads as queued,
 * as the delivery query type shows it.
 */
const LEDGER_FIGURES = sql`count(*)::integer AS recipients,
  count(*) FILTER (WHERE d.status IN ('queued', 'sending'))::integer AS queued,
  count(*) FILTER (WHERE d.status IN ('sent', 'bounced'))::integer AS sent,
  count(*) FILTER (WHERE d.status = 'failed')::integer AS failed,
  count(*) FILTER (WHERE d.status = 'bounced')::integer AS bounced,
  count(*) FILTER (WHERE d.status = 'suppressed')::integer AS suppressed`;

/** The join a restricted user's report needs to keep to their partitions' subscribers. */
function visibleSubscribers(scope: ReportScope) {
  return scope.actor.partitionIds === undefined
    ? sql``
    : sql`JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
        AND ${subscriberVisibility(scope)}`;
}

/** The ledger's counts per variation (the delivery_activity index: organization, activity, status). */
export async function ledgerByVariation(
  db: Kysely<Database>,
  scope: ReportScope,
): Promise<Array<LedgerRow & { variation: number }>> {
  const { rows } = await sql<LedgerRow & { variation: number }>`
    SELECT d.variation, ${LEDGER_FIGURES}
    FROM delivery d ${visibleSubscribers(scope)}
    WHERE ${deliveryCondition(scope)}
    GROUP BY d.variation ORDER BY d.variation`.execute(db);
  return rows;
}

/** The ledger's counts per partition of the recipients (null: in none); a restricted user sees theirs. */
export async function ledgerByPartition(
  db: Kysely<Database>,
  scope: ReportScope,
): Promise<Array<LedgerRow & { partition_id: number | null }>> {
  const { rows } = await sql<LedgerRow & { partition_id: number | null }>`
    SELECT p.partition_id, ${LEDGER_FIGURES}
    FROM delivery d
    JOIN subscriber s ON s.id = d.subscriber_id AND s.organization_id = d.organization_id
    LEFT JOIN LATERAL unnest(s.partition_ids) AS p(partition_id) ON true
    WHERE ${deliveryCondition(scope)} AND ${subscriberVisibility(scope)} AND ${partitionShown(scope)}
    GROUP BY p.partition_id`.execute(db);
  return rows;
}

/** A restricted user's breakdown lists their own partitions, not the others their subscribers are also in. */
function partitionShown(scope: ReportScope) {
  const mine = scope.actor.partitionIds;
  return mine === undefined ? sql`true` : sql`p.partition_id = ANY(${mine}::integer[])`;
}

/**
 * Engagement per variation and in total in one pass (GROUPING SETS: unique counts do not add up across
 * groups). The total row has `total` true; a purchase tied to no delivery counts only there.
 */
export async function engagementByVariation(
  db: Kysely<Database>,
  scope: ReportScope,
  since: Date,
): Promise<Array<EngagementRow & { variation: number | null; total: boolean }>> {
  const { rows } = await sql<EngagementRow & { variation: number | null; total: boolean }>`
    WITH ${reportEventsCte(scope, since)}
    SELECT variation, grouping(variation) = 1 AS total, ${ENGAGEMENT_FIGURES}
    FROM report_event GROUP BY GROUPING SETS ((), (variation))`.execute(db);
  return rows;
}

/** Engagement per partition of the subscribers (null: in none), as ledgerByPartition groups them. */
export async function engagementByPartition(
  db: Kysely<Database>,
  scope: ReportScope,
  since: Date,
): Promise<Array<EngagementRow & { partition_id: number | null }>> {
  const { rows } = await sql<EngagementRow & { partition_id: number | null }>`
    WITH ${reportEventsCte(scope, since)}
    SELECT p.partition_id, ${ENGAGEMENT_FIGURES}
    FROM report_event LEFT JOIN LATERAL unnest(partition_ids) AS p(partition_id) ON true
    WHERE ${partitionShown(scope)}
    GROUP BY p.partition_id`.execute(db);
  return rows;
}

/** Clicks per link: the tracked link's index and the address clicked. */
export async function clicksByLink(
  db: Kysely<Database>,
  scope: ReportScope,
  since: Date,
): Promise<Array<{ link_index: number | null; url: string | null; clicks: number; unique_clicks: number }>> {
  const { rows } = await sql<{
    link_index: number | null;
    url: string | null;
    clicks: number;
    unique_clicks: number;
  }>`
    WITH ${reportEventsCte(scope, since)}
    SELECT link_index, url, count(*)::integer AS clicks, count(DISTINCT subscriber_id)::integer AS unique_clicks
    FROM report_event WHERE kind = 'clicked' GROUP BY link_index, url`.execute(db);
  return rows;
}

/** The links the covered runs tracked (tracked_link), each index and address once. */
export async function trackedLinks(
  db: Kysely<Database>,
  scope: ReportScope,
): Promise<Array<{ idx: number; url: string }>> {
  const runIds = scope.covered.map((run) => run.id);
  if (runIds.length === 0) return [];
  const { rows } = await sql<{ idx: number; url: string }>`
    SELECT DISTINCT idx, url FROM tracked_link WHERE run_id = ANY(${runIds}::bigint[]) ORDER BY idx, url`.execute(
    db,
  );
  return rows;
}

/** Partition names of the organization, by id. */
export async function partitionNames(db: Kysely<Database>, scope: ReportScope): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('partition')
    .select(['id', 'name'])
    .where('organization_id', '=', scope.actor.organizationId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
