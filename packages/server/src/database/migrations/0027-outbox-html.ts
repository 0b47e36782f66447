import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * An outbox message may carry an HTML part beside its text (docs/workflow.md § Proofs: an e-mail activity's proof
 * is the rendered e-mail itself). Null for the plain messages Herald sent so far (codes, resets, notices).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE outbox ADD COLUMN html text`);
}
