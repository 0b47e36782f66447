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
