import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * A check run in progress (docs/workflow.md § Checks left running): which server process runs it and
 * when that process last said it was alive, so a check whose process stopped is not left `checking` for ever.
 * The row is written in the transaction that moves the activity to `checking`, and deleted when the run ends.
 * Activities already `checking` get a row with no heartbeat: their run is in no process any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE activity_check_run (
      activity_id integer PRIMARY KEY,
      organization_id integer NOT NULL,
      process_id text NOT NULL,
      run_id text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      heartbeat_at timestamptz,
      FOREIGN KEY (organization_id, activity_id) REFERENCES activity (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX activity_check_run_process ON activity_check_run (process_id);

    INSERT INTO activity_check_run (activity_id, organization_id, process_id, run_id, heartbeat_at)
      SELECT id, organization_id, '', '', NULL FROM activity WHERE status = 'checking';
    `,
  );
}
