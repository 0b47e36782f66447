import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * What the delivery engine (docs/architecture.md § The delivery engine) keeps per run besides the ledger of 0032:
 * - the run's counts, kept in the transaction that changes a delivery's status, so progress reads one row
 *   however large the run (`sent`, `failed`, `suppressed`);
 * - the throttle window every process sending the run shares: `throttle_window` is the start of the current
 *   1,000 ms window and `throttle_used` how many messages were claimed in it, so the rate holds across
 *   processes;
 * - a delivery's `retry_at`, when a transient failure put it back in the queue: it is not claimed before then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE deployment_run ADD COLUMN sent integer NOT NULL DEFAULT 0;
    ALTER TABLE deployment_run ADD COLUMN failed integer NOT NULL DEFAULT 0;
    ALTER TABLE deployment_run ADD COLUMN suppressed integer NOT NULL DEFAULT 0;
    ALTER TABLE deployment_run ADD COLUMN throttle_window timestamptz;
    ALTER TABLE deployment_run ADD COLUMN throttle_used integer NOT NULL DEFAULT 0;
    ALTER TABLE delivery ADD COLUMN retry_at timestamptz;
    CREATE INDEX deployment_run_open ON deployment_run (status) WHERE status IN ('snapshotting', 'sending');
    `,
  );
}
