import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * What start-up last did, so a restart can skip what has not changed since (database/herald-state.ts): the
 * digest of the migrations it last brought the schema to, the starter templates' digest it last installed, and
 * the vault key it last sealed everything under. One row a marker; a missing row means "not done yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE herald_state (
      name text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
