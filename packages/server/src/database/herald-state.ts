import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Markers of what start-up last did (migration 0040's `herald_state`), each a name and a value:
 * - `migrations`: the migrations' digest the schema was last brought to (database/migrate.ts);
 * - `starter-templates`: the digest of the starter set last installed (templates/starter-templates.ts);
 * - `vault-key`: the id of the vault key every sealed value was last sealed under (vault/reseal.ts);
 * - `demo-data`: how far the demo data's fill after listening got (seed/demo-seed.ts), `complete` once done.
 * A restart compares each with what it would do and skips the work when they agree.
 */
export type StartMarker = 'migrations' | 'starter-templates' | 'vault-key' | 'demo-data';

export type StartMarkers = ReadonlyMap<StartMarker, string>;

/**
 * Every marker, in one statement after one check that the table exists: none on a database the migrations have
 * not reached yet (an empty one, or one from before migration 0040).
 */
export async function readStartMarkers(db: QueryExecutorProvider): Promise<StartMarkers> {
  const { rows: present } = await sql<{
    present: boolean;
  }>`SELECT to_regclass('herald_state') IS NOT NULL AS present`.execute(db);
  if (!present[0]?.present) return new Map();
  const { rows } = await sql<{
    name: StartMarker;
    value: string;
  }>`SELECT name, value FROM herald_state`.execute(db);
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Records a marker (in the caller's transaction when given one, so it commits with the work it describes). */
export async function writeStartMarker(
  db: QueryExecutorProvider,
  name: StartMarker,
  value: string,
): Promise<void> {
  await sql`INSERT INTO herald_state (name, value) VALUES (${name}, ${value})
    ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = now()`.execute(db);
}
