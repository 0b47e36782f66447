import { STATS_CACHE_ACTIVITY_MS, STATS_CACHE_OTHER_MS, type liveCommands } from '@herald/protocol';
import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { campaignStateExpression } from '../campaigns/campaign-status.ts';

/** Platform §9: activity stats are kept 600000 ms, the others 86400000 ms. */
export const ACTIVITY_STATS_TTL_MS = STATS_CACHE_ACTIVITY_MS;
export const OTHER_STATS_TTL_MS = STATS_CACHE_OTHER_MS;
/** How many days of activity the charts get. */
export const ACTIVITY_DAYS = 90;

type OrganizationStats = z.output<(typeof liveCommands)['getStats']['result']>;
type Activity = OrganizationStats['activity'];
type Totals = OrganizationStats['totals'];

/**
 * Organization statistics, cached per organization in this process (each process keeps its own copy; a
 * figure may differ between processes by up to its lifetime). "Activity" (sign-ins and recorded changes
 * per day, from the audit log) is the fast-moving half, kept 600000 ms; the totals (users, partitions,
 * partition sets, campaigns by status and per month) are "other", kept 86400000 ms.
 */
export class OrganizationStatsCache {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #activity = new Map<number, Activity>();
  readonly #totals = new Map<number, Totals>();

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  async get(organizationId: number): Promise<OrganizationStats> {
    const now = this.#now();
    let activity = this.#activity.get(organizationId);
    if (!activity || Date.parse(activity.expiresAt) <= now) {
      activity = await activityOf(this.#db, organizationId, now);
      this.#activity.set(organizationId, activity);
    }
    let totals = this.#totals.get(organizationId);
    if (!totals || Date.parse(totals.expiresAt) <= now) {
      totals = await totalsOf(this.#db, organizationId, now);
      this.#totals.set(organizationId, totals);
    }
    return { organizationId, activity, totals };
  }

  clear(): void {
    this.#activity.clear();
    this.#totals.clear();
  }
}

async function activityOf(db: Kysely<Database>, organizationId: number, now: number): Promise<Activity> {
  const since = new Date(now - (ACTIVITY_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const rows = await db
    .selectFrom('audit_log')
    .select([
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<number>`count(*) FILTER (WHERE action = 'signIn.succeeded')::int`.as('sign_ins'),
      sql<number>`count(*) FILTER (WHERE organization_id = ${organizationId})::int`.as('changes'),
    ])
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('organization_id', '=', organizationId),
        // Sign-ins are recorded outside any organization: count those of this organization's users.
        eb.and([
          eb('organization_id', 'is', null),
          eb(
            'actor_user_id',
            'in',
            eb
              .selectFrom('organization_access')
              .select('user_id')
              .where('organization_id', '=', organizationId),
          ),
        ]),
      ]),
    )
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const signInsPerDay: Activity['signInsPerDay'] = [];
  const changesPerDay: Activity['changesPerDay'] = [];
  for (let day = 0; day < ACTIVITY_DAYS; day++) {
    const date = new Date(since.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(date);
    signInsPerDay.push({ date, count: row?.sign_ins ?? 0 });
    changesPerDay.push({ date, count: row?.changes ?? 0 });
  }
  return {
    computedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ACTIVITY_STATS_TTL_MS).toISOString(),
    days: ACTIVITY_DAYS,
    signInsPerDay,
    changesPerDay,
  };
}

async function totalsOf(db: Kysely<Database>, organizationId: number, now: number): Promise<Totals> {
  const [users, partitions, partitionSets, campaigns] = await Promise.all([
    db
      .selectFrom('organization_access')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('partition')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('partition_set')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
    campaignsOf(db, organizationId, now),
  ]);
  return {
    computedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + OTHER_STATS_TTL_MS).toISOString(),
    users: users.count,
    partitions: partitions.count,
    partitionSets: partitionSets.count,
    campaigns: campaigns.summary,
    campaignsPerMonth: campaigns.perMonth,
  };
}

/** Campaigns by their state today (the contract's campaignStateOf) and by the month they start. */
async function campaignsOf(
  db: Kysely<Database>,
  organizationId: number,
  now: number,
): Promise<{ summary: NonNullable<Totals['campaigns']>; perMonth: Totals['campaignsPerMonth'] }> {
  const today = new Date(now).toISOString().slice(0, 10);
  const { rows } = await sql<{ status: string; count: number }>`
    SELECT ${campaignStateExpression(today)} AS status, count(*)::int AS count FROM campaign
    WHERE organization_id = ${organizationId} GROUP BY 1`.execute(db);
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = row.count;
    total += row.count;
  }
  const perMonth = await db
    .selectFrom('campaign')
    .select([sql<string>`to_char(start_date, 'YYYY-MM')`.as('month'), sql<number>`count(*)::int`.as('count')])
    .where('organization_id', '=', organizationId)
    .groupBy('month')
    .orderBy('month')
    .execute();
  return { summary: { total, byStatus }, perMonth };
}
