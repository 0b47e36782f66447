import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import { readerContext, timePageQuery } from './page-timing.ts';
import { addBenchOrganization } from './bench-organization.ts';

const CAMPAIGNS = 100_000;
const WARM_UP = 20;
const SAMPLES = 200;

/**
 * A 25-row campaign page over 100,000 campaigns of one organization: the `query` command's handler timed
 * in-process (actor lookup, validation, count and page), i.e. server-side time without the socket. Runs on
 * the embedded PGlite in memory, or on DATABASE_URL when set (in its own new organization there).
 * Target: p95 ≤ 20 ms.
 */
export async function benchCampaignQuery(): Promise<string[]> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  try {
    await migrateToLatest(database.db as never);
    const organizationId = await addBenchOrganization(database.db);
    const insertStartedAt = performance.now();
    // Start dates spread over ten years around today, lengths up to 120 days, one in ten open-ended,
    // one in twenty archived.
    await sql`INSERT INTO campaign (organization_id, name, start_date, end_date, details, partition_ids, is_archived)
      SELECT ${organizationId}, 'Campaign ' || n, current_date - 1825 + (n * 7919 % 3650),
        CASE WHEN n % 10 = 0 THEN NULL ELSE current_date - 1825 + (n * 7919 % 3650) + (n % 120) END,
        'Generated campaign number ' || n, '{}', n % 20 = 0
      FROM generate_series(1, ${CAMPAIGNS}) AS n`.execute(database.db);
    // As autovacuum would have by then: the visibility map lets the status counts scan the index only.
    await sql`VACUUM ANALYZE campaign`.execute(database.db);
    const insertMs = performance.now() - insertStartedAt;

    const context = readerContext(database.db, organizationId, databaseUrl);
    const shapes: Array<[string, Record<string, unknown>]> = [
      [
        'status active, sorted by startDate desc',
        {
          query: { type: 'campaign', filter: { status: 'active' } },
          sortKey: 'startDate',
          sortOrder: 'desc',
        },
      ],
      [
        'status upcoming, sorted by startDate asc, page 3',
        {
          query: { type: 'campaign', filter: { status: 'upcoming' } },
          sortKey: 'startDate',
          sortOrder: 'asc',
          offset: 50,
        },
      ],
      ['search "9999", default sort (trigram indexes)', { query: { type: 'campaign', search: '9999' } }],
    ];
    const lines = [
      `${CAMPAIGNS} campaigns inserted in ${Math.round(insertMs)} ms on ${database.kind}; query handler timed in-process`,
    ];
    for (const [label, params] of shapes) {
      lines.push(
        await timePageQuery(
          context,
          { organizationId, ...params },
          `campaign page, ${label}`,
          'target p95 ≤ 20 ms',
          {
            warmUp: WARM_UP,
            samples: SAMPLES,
          },
        ),
      );
    }
    if (databaseUrl) await database.db.deleteFrom('organization').where('id', '=', organizationId).execute();
    return lines;
  } finally {
    await database.close();
  }
}
