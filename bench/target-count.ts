import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import type { Database } from '../packages/server/src/database/schema.ts';
import { queryOrganizationCommands } from '../packages/server/src/query/commands.ts';
import { readerContext } from './page-timing.ts';
import { addBenchOrganization } from './bench-organization.ts';

const SUBSCRIBERS = Number(process.env.HERALD_BENCH_TARGET_SUBSCRIBERS ?? 1_000_000);
const EVENTS = Number(process.env.HERALD_BENCH_TARGET_EVENTS ?? 10_000_000);
const SAMPLES = 7;
/** Which runs to make: "pglite,postgres" (the default) or either alone. */
const DATABASES = (process.env.HERALD_BENCH_TARGET_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_SERVER = process.env.HERALD_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
/** A database of its own, created and dropped: a shared one's dead rows and other tenants skew the plan. */
const SCRATCH_DATABASE = 'herald_bench_target';

/**
 * The count of a three-clause target expression (on a list, a profile field, opened within 30 days) over
 * 1,000,000 subscribers and 10,000,000 events, through the `query` handler with `limit: 0` (exact, nothing
 * cached between runs). PGlite in a temporary directory, and PostgreSQL in a scratch database on
 * HERALD_BENCH_POSTGRES (the local server by default), dropped afterwards. Targets: ≤ 300 ms on PostgreSQL,
 * ≤ 2 s on PGlite.
 */
export async function benchTargetCount(): Promise<string[]> {
  const lines: string[] = [];
  if (DATABASES.includes('pglite')) {
    const dir = await mkdtemp(path.join(tmpdir(), 'herald-bench-target-'));
    try {
      lines.push(...(await runOn(undefined, dir)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (DATABASES.includes('postgres')) {
    const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${SCRATCH_DATABASE}`);
      lines.push(...(await runOn(`${POSTGRES_SERVER}/${SCRATCH_DATABASE}`, 'memory://')));
    } catch (error) {
      lines.push(`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  return lines;
}

async function runOn(databaseUrl: string | undefined, pgliteDataDir: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl, pgliteDataDir });
  const db = database.db;
  try {
    await migrateToLatest(db as never);
    const organizationId = await addBenchOrganization(db, 'Bench targets');
    const startedAt = performance.now();
    const listId = await seed(db, organizationId);
    const seedMs = performance.now() - startedAt;
    const context = readerContext(db, organizationId, databaseUrl);
    const command = queryOrganizationCommands.query!;
    const label = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const target = database.kind === 'postgres' ? '≤ 300 ms' : '≤ 2 s';
    const lines = [
      `${label}: ${SUBSCRIBERS.toLocaleString('en')} subscribers and ${EVENTS.toLocaleString('en')} events seeded in ${(seedMs / 1000).toFixed(0)} s`,
    ];
    // The three-clause shape the target is set for, then the "at least N times" shapes an attack found slow.
    for (const expression of [
      `list ${listId} and country = "AU" and opened within 30 days`,
      'sent at least 2 times within 7 days',
      'purchased at least 2 times within 90 days',
      'opened at least 12 times',
      'sent at least 2 times',
    ]) {
      const count = async () => {
        const began = performance.now();
        const result = (await command.handle(
          { organizationId, query: { type: 'subscriber', filter: { target: expression } }, limit: 0 },
          context,
        )) as { total: number };
        return { ms: performance.now() - began, total: result.total };
      };
      const times: number[] = [];
      let total = 0;
      try {
        await count();
        for (let index = 0; index < SAMPLES; index += 1) {
          const run = await count();
          times.push(run.ms);
          total = run.total;
        }
      } catch (error) {
        // One slow shape (past the statement time limit) says so and leaves the others measured.
        lines.push(
          `${label}: count of "${expression}": failed (${error instanceof Error ? error.message : String(error)})`,
        );
        continue;
      }
      times.sort((a, b) => a - b);
      lines.push(
        `${label}: count of "${expression.replace(`list ${listId}`, 'list L')}" = ${total.toLocaleString('en')}: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms over ${SAMPLES} runs (target ${target})`,
      );
    }
    return lines;
  } finally {
    await database.close();
  }
}

/**
 * 1M subscribers (40 % in AU), 60 % of them on one list, and 10M events over the last year (a quarter of
 * them opens). The event table's secondary indexes are built after the rows are in, as a restore would:
 * maintaining them row by row would make seeding the slowest part of the run by far.
 */
export async function seed(db: Kysely<Database>, organizationId: number): Promise<number> {
  const listId = (
    await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Bench list', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await sql`INSERT INTO subscriber (organization_id, email, lastname, country)
    SELECT ${organizationId}, 'person' || n || '@example.com',
      (ARRAY['Smith','Jones','Nguyen','Chen','Tanaka','Santoso','Patel','Brown','Wilson','Lee'])[1 + (n::bigint * 3266489917 % 4294967291) % 10],
      (ARRAY['AU','AU','AU','AU','NZ','NZ','SG','ID','JP','US'])[1 + (n::bigint * 668265263 % 4294967291) % 10]
    FROM generate_series(1, ${SUBSCRIBERS}) AS n`.execute(db);
  const bounds = await sql<{
    low: number;
    high: number;
  }>`SELECT min(id) AS low, max(id) AS high FROM subscriber
    WHERE organization_id = ${organizationId}`.execute(db);
  const { low, high } = bounds.rows[0]!;
  await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
    SELECT ${listId}, id, organization_id FROM subscriber WHERE organization_id = ${organizationId} AND id % 5 < 3`.execute(
    db,
  );
  const indexes = await sql<{
    name: string;
    definition: string;
  }>`SELECT indexname AS name, indexdef AS definition
    FROM pg_indexes WHERE tablename = 'subscriber_event' AND indexname <> 'subscriber_event_pkey'`.execute(
    db,
  );
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  const slice = 1_000_000;
  for (let start = 0; start < EVENTS; start += slice) {
    await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, activity_id)
      SELECT ${organizationId}, ${low}::integer + ((n::bigint * 2654435761) % (${high}::integer - ${low}::integer + 1))::integer,
        (ARRAY['sent','sent','sent','sent','opened','opened','opened','clicked','pageviewed','purchased'])[1 + (n::bigint * 40503 % 65537) % 10],
        now() - ((n::bigint * 7919 % 525600) || ' minutes')::interval, 1 + n % 50
      FROM generate_series(${start + 1}::integer, ${Math.min(EVENTS, start + slice)}::integer) AS n`.execute(
      db,
    );
  }
  for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
  for (const table of ['subscriber', 'list_membership', 'subscriber_event', 'subscriber_event_tally'])
    await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
  return listId;
}
