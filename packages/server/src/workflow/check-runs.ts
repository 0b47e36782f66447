import { randomUUID } from 'node:crypto';
import type { ActivityRecord, ActivityStatus, WorkflowEventRecord } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { moveActivity } from './move-activity.ts';
import { logWorkflowEvent } from './workflow-log.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that `processId` runs a check of the activity, in the transaction that moves it to `checking`, and
 * answers the run's id. A row left by an earlier run of the activity (its process stopped) is replaced.
 */
export async function recordCheckRun(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
  processId: string,
): Promise<string> {
  const runId = randomUUID();
  await sql`INSERT INTO activity_check_run (activity_id, organization_id, process_id, run_id, heartbeat_at)
    VALUES (${activityId}, ${organizationId}, ${processId}, ${runId}, now())
    ON CONFLICT (activity_id) DO UPDATE SET organization_id = excluded.organization_id,
      process_id = excluded.process_id, run_id = excluded.run_id, started_at = now(), heartbeat_at = now()`.execute(
    trx,
  );
  return runId;
}

/** The run ended, however it ended: its row goes (a later run's row stays). */
export async function forgetCheckRun(db: Db, activityId: number, runId: string): Promise<void> {
  await sql`DELETE FROM activity_check_run WHERE activity_id = ${activityId} AND run_id = ${runId}`.execute(
    db,
  );
}

/** Says the process is alive for every check it runs (the job runner's heartbeats do the same for jobs). */
export async function beatCheckRuns(db: Db, processId: string): Promise<void> {
  await sql`UPDATE activity_check_run SET heartbeat_at = now() WHERE process_id = ${processId}`.execute(db);
}

/**
 * Which `checking` activities have no check running any more: every one (the embedded database, which only
 * this process can have open, as it starts), this process's own (as it stops), or those of other processes
 * whose heartbeat stopped before `staleBefore` (they died; the job runner judges its jobs the same way).
 */
export type AbandonedChecks =
  | { of: 'everyProcess' }
  | { of: 'thisProcess'; processId: string }
  | { of: 'deadProcesses'; staleBefore: Date; processId: string };

function abandonedCondition(which: AbandonedChecks) {
  switch (which.of) {
    case 'everyProcess':
      return sql`true`;
    case 'thisProcess':
      return sql`r.process_id = ${which.processId}`;
    case 'deadProcesses':
      return sql`r.process_id <> ${which.processId}
        AND (r.heartbeat_at IS NULL OR r.heartbeat_at < ${which.staleBefore})`;
  }
}

/** An activity taken back to draft because its check was abandoned, and the log entry saying so. */
export interface AbandonedCheck {
  organizationId: number;
  activity: ActivityRecord;
  event: WorkflowEventRecord;
}

/**
 * Takes the activities whose check was abandoned back to `draft` (as cancelCheck would), each with a
 * `checkAbandoned` log entry by the server, and removes their runs. Rows another process is sweeping are
 * skipped, so each is moved and logged once. Answers what moved, to push once committed.
 */
export async function recoverAbandonedChecks(
  db: Kysely<Database>,
  which: AbandonedChecks,
): Promise<AbandonedCheck[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{
      id: number;
      organization_id: number;
      status: ActivityStatus;
      version: number;
      process_id: string | null;
      started_at: Date | null;
    }>`SELECT a.id, a.organization_id, a.status, a.version, r.process_id, r.started_at
      FROM activity a LEFT JOIN activity_check_run r ON r.activity_id = a.id
      WHERE a.status = 'checking' AND ${abandonedCondition(which)}
      ORDER BY a.id FOR UPDATE OF a SKIP LOCKED`.execute(trx);
    const recovered: AbandonedCheck[] = [];
    for (const row of rows.rows) {
      const activity = await moveActivity(trx, row.organization_id, row, 'draft');
      const event = await logWorkflowEvent(trx, row.organization_id, {
        activity,
        action: 'checkAbandoned',
        from: 'checking',
        to: 'draft',
        userId: null,
        details: {
          reason: which.of === 'thisProcess' ? 'serverStopping' : 'serverStopped',
          startedAt: row.started_at === null ? null : new Date(row.started_at).toISOString(),
        },
      });
      await sql`DELETE FROM activity_check_run WHERE activity_id = ${row.id}`.execute(trx);
      recovered.push({ organizationId: row.organization_id, activity, event });
    }
    return recovered;
  });
}
