import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The system job (organization-less) that decides due triggered sends; one queued occurrence at a time. */
export const TRIGGERED_SENDS_JOB = 'triggeredSends';

/**
 * Makes sure the decider runs by `runAt`: queues it, or moves its queued occurrence earlier. The event trigger
 * of migration 0028 does the same in SQL for triggers that events queue.
 */
export async function scheduleTriggerDecisions(
  db: Kysely<Database> | Transaction<Database>,
  runAt: Date,
): Promise<void> {
  await sql`INSERT INTO job (organization_id, kind, name, params, run_at, series)
    VALUES (NULL, ${TRIGGERED_SENDS_JOB}, 'Triggered sends', '{}', ${runAt}, ${TRIGGERED_SENDS_JOB})
    ON CONFLICT (series) WHERE status = 'queued' DO UPDATE SET run_at = least(job.run_at, excluded.run_at)`.execute(
    db,
  );
}
