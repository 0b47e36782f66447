import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import { DashboardStatsCache } from '../packages/server/src/stats/dashboard-stats.ts';
import { readerContext, timePageQuery } from './page-timing.ts';
import { addBenchOrganization } from './bench-organization.ts';

const SUBSCRIBERS = Number(process.env.HERALD_BENCH_SUBSCRIBERS ?? 1_000_000);
const WARM_UP = 10;
const SAMPLES = 100;
const DASHBOARD_SAMPLES = 5;

/**
 * A 25-row subscriber page filtered and sorted over 1,000,000 subscribers of one organization (60 % of them on
 * one list): the `query` handler timed in-process (actor, validation, count and page). Runs on the embedded
 * PGlite in memory, or on DATABASE_URL when set (in a new organization there, removed afterwards).
 * Target: p95 ≤ 50 ms. Also times the subscriber search and the dashboard's figures over them.
 */
export async function benchSubscriberQuery(): Promise<string[]> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  try {
    await migrateToLatest(database.db as never);
    const db = database.db;
    const organizationId = await addBenchOrganization(db);
    const listId = (
      await db
        .insertInto('subscriber_list')
        .values({ organization_id: organizationId, name: 'Bench list', partition_ids: [] })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const insertStartedAt = performance.now();
    // Each attribute from its own multiplicative hash of n, so they are independent of one another as in real
    // data (n % 25 and n * 7 % 12 would tie every unsubscribed person to a few surnames).
    await sql`INSERT INTO subscriber (organization_id, email, firstname, lastname, country, custom, is_unsubscribed)
      SELECT ${organizationId}, 'person' || n || '@example.com',
        (ARRAY['Olivia','Jack','Mia','Noah','Ava','Leo','Wei','Yuki','Budi','Priya'])[1 + (n::bigint * 2246822519 % 4294967291) % 10],
        (ARRAY['Smith','Jones','Nguyen','Chen','Tanaka','Santoso','Patel','Brown','Wilson','Lee','King','Kelly'])[1 + (n::bigint * 3266489917 % 4294967291) % 12],
        (ARRAY['AU','AU','AU','AU','NZ','NZ','SG','ID','JP','US'])[1 + (n::bigint * 668265263 % 4294967291) % 10],
        jsonb_build_object('points', n % 5000), (n::bigint * 2654435761 % 4294967291) % 25 = 0
      FROM generate_series(1, ${SUBSCRIBERS}) AS n`.execute(db);
    await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
      SELECT ${listId}, id, organization_id FROM subscriber WHERE organization_id = ${organizationId} AND id % 5 < 3`.execute(
      db,
    );
    // As autovacuum would have by then: fresh statistics and a visibility map for index-only counts.
    await sql`VACUUM ANALYZE subscriber`.execute(db);
    await sql`VACUUM ANALYZE list_membership`.execute(db);
    const insertMs = performance.now() - insertStartedAt;

    const context = readerContext(db, organizationId, databaseUrl);
    const shapes: Array<[string, Record<string, unknown>]> = [
      [
        'country AU, sorted by lastname',
        { query: { type: 'subscriber', filter: { country: 'AU' } }, sortKey: 'lastname', sortOrder: 'asc' },
      ],
      [
        'members of a 600,000-member list, newest first, page 5',
        { query: { type: 'subscriber', filter: { listId } }, offset: 100 },
      ],
      // The subscriber search (docs/decisions/0030-subscriber-search-on-indexes.md): an exact address or phone,
      // or the start of a name.
      [
        'search by an exact e-mail address',
        { query: { type: 'subscriber', search: 'person777777@example.com' } },
      ],
      ['search by a first-name prefix (oli)', { query: { type: 'subscriber', search: 'oli' } }],
      [
        'search by first and last name prefixes (wei tan)',
        { query: { type: 'subscriber', search: 'wei tan' } },
      ],
      ['search for a name no one has (zed)', { query: { type: 'subscriber', search: 'zed' } }],
      [
        'country NZ and unsubscribed, sorted by lastname desc',
        {
          query: { type: 'subscriber', filter: { country: 'NZ', isUnsubscribed: true } },
          sortKey: 'lastname',
          sortOrder: 'desc',
        },
      ],
    ];
    const lines = [
      `${SUBSCRIBERS} subscribers inserted in ${Math.round(insertMs)} ms on ${database.kind}; query handler timed in-process`,
    ];
    for (const [label, params] of shapes) {
      lines.push(
        await timePageQuery(
          context,
          { organizationId, ...params },
          `subscriber page, ${label}`,
          'target p95 ≤ 50 ms',
          {
            warmUp: WARM_UP,
            samples: SAMPLES,
          },
        ),
      );
    }
    lines.push(await timeDashboardStats(db, organizationId));
    if (databaseUrl) {
      await db.deleteFrom('list_membership').where('organization_id', '=', organizationId).execute();
      await db.deleteFrom('organization').where('id', '=', organizationId).execute();
    }
    return lines;
  } finally {
    await database.close();
  }
}

/**
 * The dashboard's figures (getDashboardStats, docs/measurements.md § Subscriber search and the dashboard)
 * computed afresh, as on a cache miss, for a head-office user of the 1,000,000-subscriber organization.
 */
async function timeDashboardStats(
  db: ConstructorParameters<typeof DashboardStatsCache>[0],
  organizationId: number,
) {
  const actor = { organizationId, userId: 1, capabilities: ['base'], partitionIds: undefined };
  const times: number[] = [];
  for (let index = 0; index < 1 + DASHBOARD_SAMPLES; index += 1) {
    const startedAt = performance.now();
    // A new cache each time: the figures counted afresh, as a first visit after the cache's lifetime.
    await new DashboardStatsCache(db).get(actor);
    // The first run warms the cache of pages; it is not counted.
    if (index > 0) times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  return `dashboard figures (getDashboardStats, uncached) over ${SUBSCRIBERS} subscribers: median ${median.toFixed(0)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(0)} ms of ${DASHBOARD_SAMPLES} (cached 10 min per partition scope)`;
}
