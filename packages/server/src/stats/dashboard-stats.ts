import { STATS_CACHE_ACTIVITY_MS, type DashboardStats } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { campaignStateExpression } from '../campaigns/campaign-status.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import { engagementFigures, engagementSeries } from '../engagement/engagement-figures.ts';
import { engagementRangeOf, sinceStart, type EngagementRange } from '../engagement/engagement-range.ts';

/** Subscriber counts move with every import, so the dashboard keeps them the shorter stats lifetime. */
export const DASHBOARD_STATS_TTL_MS = STATS_CACHE_ACTIVITY_MS;

type DashboardBase = Omit<DashboardStats, 'engagementRange' | 'engagement' | 'engagementSeries'>;
type DashboardEngagement = Pick<DashboardStats, 'engagementRange' | 'engagement' | 'engagementSeries'>;

/** Ranges kept per process before the oldest is dropped: each range a user picks is an entry. */
const MAX_ENGAGEMENT_ENTRIES = 500;

/**
 * The dashboard's figures, cached per organization and partition scope in this process: a head-office user
 * and each distinct set of partitions get their own copy. Imports are counted per user for a restricted
 * user (jobs are not partitioned: they see the imports they started), so their key carries the user too.
 * The engagement half is kept per scope and range, apart from the rest, so picking another range recounts
 * only the events.
 */
export class DashboardStatsCache {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #entries = new Map<string, DashboardBase>();
  readonly #engagement = new Map<string, DashboardEngagement & { expiresAt: string }>();

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  async get(
    actor: Actor,
    params: { from?: string | undefined; to?: string | undefined } = {},
  ): Promise<DashboardStats> {
    const now = this.#now();
    const key =
      actor.partitionIds === undefined
        ? `${actor.organizationId}`
        : `${actor.organizationId}:${actor.userId}:${[...actor.partitionIds].sort((a, b) => a - b).join(',')}`;
    let base = this.#entries.get(key);
    if (!base || Date.parse(base.expiresAt) <= now) {
      base = await dashboardBaseOf(this.#db, actor, now);
      this.#entries.set(key, base);
    }
    const range = engagementRangeOf(params, sinceStart(now));
    const engagementKey = `${key}/${range.from}/${range.to}`;
    let engagement = this.#engagement.get(engagementKey);
    if (!engagement || Date.parse(engagement.expiresAt) <= now) {
      engagement = { ...(await dashboardEngagementOf(this.#db, actor, range)), expiresAt: base.expiresAt };
      this.#engagement.delete(engagementKey);
      this.#engagement.set(engagementKey, engagement);
      // A Map iterates in insertion order: the first key is the oldest entry.
      if (this.#engagement.size > MAX_ENGAGEMENT_ENTRIES) {
        const oldest = this.#engagement.keys().next().value;
        if (oldest !== undefined) this.#engagement.delete(oldest);
      }
    }
    const { expiresAt: _kept, ...figures } = engagement;
    return { ...base, ...figures };
  }
}

/**
 * One grouped pass over the organization's subscribers (by creation day), one over its campaigns and one
 * over its import jobs. The subscriber pass reads each row once whatever the date range the user picks: the
 * client sums the days it shows, so changing the range costs no subscriber query.
 */
async function dashboardBaseOf(db: Kysely<Database>, actor: Actor, now: number): Promise<DashboardBase> {
  const [subscribers, campaigns, imports] = await Promise.all([
    subscribersOf(db, actor),
    campaignsOf(db, actor, now),
    importsOf(db, actor),
  ]);
  return {
    organizationId: actor.organizationId,
    computedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + DASHBOARD_STATS_TTL_MS).toISOString(),
    subscribers,
    imports,
    campaigns,
  };
}

/**
 * Sends, opens, clicks, unsubscribes and bounces over the range, in total and per day (engagement/): unique
 * opens and clicks cannot be summed from days, so the range is the server's to count.
 */
async function dashboardEngagementOf(
  db: Kysely<Database>,
  actor: Actor,
  range: EngagementRange,
): Promise<DashboardEngagement> {
  const scope = { actor };
  const [engagement, engagementSeriesOfRange] = await Promise.all([
    engagementFigures(db, scope, range),
    engagementSeries(db, scope, range),
  ]);
  return { engagementRange: range, engagement, engagementSeries: engagementSeriesOfRange };
}

async function subscribersOf(db: Kysely<Database>, actor: Actor): Promise<DashboardStats['subscribers']> {
  const { rows } = await sql<{ date: string; count: number; contactable: number; unsubscribed: number }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::integer AS count,
      count(*) FILTER (WHERE NOT is_unsubscribed AND NOT is_invalid AND anonymized_at IS NULL)::integer AS contactable,
      count(*) FILTER (WHERE is_unsubscribed)::integer AS unsubscribed
    FROM subscriber
    WHERE organization_id = ${actor.organizationId} AND ${partitionVisibility('subscriber.partition_ids', actor)}
    GROUP BY 1 ORDER BY 1`.execute(db);
  let total = 0;
  let contactable = 0;
  let unsubscribed = 0;
  for (const row of rows) {
    total += row.count;
    contactable += row.contactable;
    unsubscribed += row.unsubscribed;
  }
  return {
    total,
    contactable,
    unsubscribed,
    createdPerDay: rows.map((row) => ({ date: row.date, count: row.count })),
  };
}

async function campaignsOf(
  db: Kysely<Database>,
  actor: Actor,
  now: number,
): Promise<DashboardStats['campaigns']> {
  const today = new Date(now).toISOString().slice(0, 10);
  const { rows } = await sql<{ status: string; count: number }>`
    SELECT ${campaignStateExpression(today)} AS status, count(*)::integer AS count FROM campaign
    WHERE organization_id = ${actor.organizationId} AND ${partitionVisibility('campaign.partition_ids', actor)}
    GROUP BY 1`.execute(db);
  return countsByStatus(rows);
}

async function importsOf(db: Kysely<Database>, actor: Actor): Promise<DashboardStats['imports']> {
  const { rows } = await sql<{ status: string; count: number }>`
    SELECT status, count(*)::integer AS count FROM job
    WHERE organization_id = ${actor.organizationId} AND kind = 'import'
      AND ${actor.partitionIds === undefined ? sql`true` : sql`created_by = ${actor.userId}`}
    GROUP BY 1`.execute(db);
  return countsByStatus(rows);
}

function countsByStatus(rows: ReadonlyArray<{ status: string; count: number }>): {
  total: number;
  byStatus: Record<string, number>;
} {
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = row.count;
    total += row.count;
  }
  return { total, byStatus };
}
