import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import type { Database } from '../packages/server/src/database/schema.ts';
import { addBenchOrganization } from './bench-organization.ts';

const ROWS = 200_000;
/**
 * Migration 0019's indexes for the subscriber search (docs/decisions/0030-subscriber-search-on-indexes.md). The
 * fourth, the ref's prefix, is the ref's unique index itself since migration 0039, which an import needs anyway.
 */
const SEARCH_INDEXES = [
  'subscriber_phone_digits',
  'subscriber_firstname_prefix',
  'subscriber_lastname_prefix',
];

/**
 * What the subscriber search's three indexes of its own cost an import: the same 200,000 subscribers (each with a phone,
 * names and a ref, so every index takes every row) written with the indexes and without them, in one
 * statement as the COPY import's final insert writes them. Embedded PGlite in memory, or DATABASE_URL.
 */
export async function benchSearchIndexCost(): Promise<string[]> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  try {
    await migrateToLatest(database.db as never);
    const db = database.db;
    const withIndexes = await timeInsert(db);
    const definitions = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
      WHERE indexname IN (${sql.join(SEARCH_INDEXES)})`.execute(db);
    for (const name of SEARCH_INDEXES) await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    const withoutIndexes = await timeInsert(db);
    // Put them back, so a DATABASE_URL run leaves the schema as it found it.
    for (const { indexdef } of definitions.rows) await sql.raw(indexdef).execute(db);
    const cost = ((withIndexes - withoutIndexes) / withoutIndexes) * 100;
    return [
      `${ROWS} subscribers written in one insert on ${database.kind}: ${Math.round(withIndexes)} ms with the three search indexes, ${Math.round(withoutIndexes)} ms without (${cost >= 0 ? '+' : ''}${cost.toFixed(0)} %)`,
    ];
  } finally {
    await database.close();
  }
}

/** Writes ROWS subscribers into a new organization and answers the milliseconds the insert took. */
async function timeInsert(db: Kysely<Database>): Promise<number> {
  const organizationId = await addBenchOrganization(db);
  const startedAt = performance.now();
  await sql`INSERT INTO subscriber (organization_id, email, firstname, lastname, phone, ref, custom)
    SELECT ${organizationId}, 'person' || n || '@example.com',
      (ARRAY['Olivia','Jack','Mia','Noah','Ava','Leo','Wei','Yuki','Budi','Priya'])[1 + n % 10],
      (ARRAY['Smith','Jones','Nguyen','Chen','Tanaka','Santoso','Patel','Brown','Wilson','Lee'])[1 + n * 7 % 10],
      '+61 400 ' || lpad((n % 1000000)::text, 6, '0'), 'REF-' || n, '{}'
    FROM generate_series(1, ${ROWS}) AS n`.execute(db);
  const elapsed = performance.now() - startedAt;
  await db.deleteFrom('subscriber').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organization').where('id', '=', organizationId).execute();
  return elapsed;
}
