import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * A partition's own id as a one-element partition_ids array, so the query engine's partition rule (rows whose
 * partition_ids overlap the user's partitions) covers the partition list itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE partition ADD COLUMN partition_ids integer[] GENERATED ALWAYS AS (ARRAY[id]) STORED;
  `,
  );
}
