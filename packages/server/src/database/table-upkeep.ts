import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';

/** The tables that bulk work (imports, generations) writes many rows of. */
export type BulkTable = 'subscriber' | 'list_membership' | 'audience_member';

/**
 * Fresh planner statistics after bulk work, and on the embedded database its dead rows reclaimed.
 *
 * PostgreSQL's autovacuum does both eventually, but the first queries after a million-row import would be
 * planned on the table's old size; an explicit ANALYZE (a sample of 30,000 rows) costs well under a second.
 * PGlite has no autovacuum at all: without this, its statistics stay whatever they were (none, on a new
 * table), and every rewrite of an audience's members leaves the old rows dead in the table for good, so each
 * generation, and every read of the members, scans more of them than the last. `vacuum` says the work
 * deleted or updated rows (a generation, an import that updated subscribers); ANALYZE alone suffices for
 * rows only added.
 *
 * PGlite has no checkpointer either: the write-ahead log of a million-row import stays unreplayed until it
 * reaches max_wal_size, and a restart after kill -9 then replays all of it before the server answers (11 s
 * after a 1M-row import). A CHECKPOINT after the bulk work bounds that.
 */
export async function tidyAfterBulkWork(
  database: DatabaseHandle,
  tables: readonly BulkTable[],
  options: { vacuum: boolean },
): Promise<void> {
  const embedded = database.kind === 'pglite';
  for (const table of tables) {
    // The names come from the BulkTable union above, never from input.
    const statement = embedded && options.vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`;
    await sql.raw(statement).execute(database.db);
  }
  if (embedded) await sql`CHECKPOINT`.execute(database.db);
}

/**
 * Keeps the planner's statistics in step with a table that bulk work is growing, while it grows: pages people
 * open during a million-row import were planned on the table's size before it (PostgreSQL's autovacuum analyzes
 * late, PGlite never), and chose plans that read every new row. A list's members page took 1.2–1.9 s mid-import
 * and 1 ms after it; a search 0.5–1 s and 3 ms. `grew` is told each batch's new rows and analyzes once they
 * reach the table's size at the last analysis (at least `minimumRows`), so the table is analyzed each time it
 * has about doubled: a handful of times per import, each a small sample.
 */
export async function statisticsKeeper(
  database: DatabaseHandle,
  tables: readonly BulkTable[],
  minimumRows = 50_000,
): Promise<{ grew(rows: number): Promise<void> }> {
  const sized = await sql<{
    rows: number;
  }>`SELECT greatest(reltuples, 0)::bigint::integer AS rows FROM pg_class
    WHERE oid = ${tables[0] ?? 'subscriber'}::regclass`.execute(database.db);
  let analyzedAt = sized.rows[0]?.rows ?? 0;
  let grown = 0;
  return {
    async grew(rows) {
      grown += rows;
      if (grown < Math.max(analyzedAt, minimumRows)) return;
      analyzedAt += grown;
      grown = 0;
      // A small sample (3,000 rows, not 30,000): what these pages need is the table's size and rough
      // proportions, and on PGlite the analysis holds the one connection the console waits for. The import's
      // closing ANALYZE (tidyAfterBulkWork) takes the full sample.
      for (const table of tables)
        await database.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL default_statistics_target = 10`.execute(trx);
          await sql.raw(`ANALYZE ${table}`).execute(trx);
        });
    },
  };
}
