import { HeraldError, type ActivityRecord, type WorkflowEventRecord } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import { queueRunWorkers } from '../delivery/ledger.ts';
import { validation, type Actor } from '../query/resources.ts';
import { moveActivity } from '../workflow/move-activity.ts';
import { logWorkflowEvent } from '../workflow/workflow-log.ts';

export interface RetriedDeliveries {
  retried: number;
  runIds: number[];
  activity: ActivityRecord;
  /** Whether the activity's status changed (deployed → deploying), so it is pushed. */
  activityMoved: boolean;
  event: WorkflowEventRecord;
}

/**
 * Puts an activity's failed deliveries back in the queue after a fix (docs/architecture.md § Sending errors), in
 * the caller's transaction: each `failed` delivery (a bounce or a suppression is an answer, not a failure, and
 * stays) of its runs, or of `runId`, becomes `queued` again with its error and next try cleared and its attempts
 * kept; each run's `failed` count goes down by as many and the run goes back to `sending` with its workers
 * queued; a `deployed` activity goes back to `deploying`, and the log says who retried how many. A cancelled
 * run's failures stay: cancelling said its messages must not go. The caller pokes the job runner after commit.
 */
export async function retryDeliveries(
  trx: Transaction<Database>,
  actor: Actor,
  activityId: number,
  runId: number | undefined,
): Promise<RetriedDeliveries> {
  const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
  if (!activity) throw new HeraldError('ActivityNotFoundError');
  const ofRun = runId === undefined ? sql`` : sql`AND d.run_id = ${runId}`;
  const runs = await sql<{ run_id: string; n: number }>`
    WITH retried AS (
      UPDATE delivery d SET status = 'queued', error = NULL, retry_at = NULL, claimed_by = NULL, claimed_at = NULL
      FROM deployment_run r
      WHERE r.id = d.run_id AND r.status <> 'cancelled'
        AND d.organization_id = ${actor.organizationId} AND d.activity_id = ${activity.id}
        AND d.status = 'failed' ${ofRun}
      RETURNING d.run_id
    )
    SELECT run_id::text AS run_id, count(*)::integer AS n FROM retried GROUP BY run_id ORDER BY run_id`.execute(
    trx,
  );
  if (runs.rows.length === 0)
    throw validation(
      'activityId',
      runId === undefined
        ? 'No delivery of this activity has failed, so there is nothing to send again'
        : 'No delivery of this run has failed, so there is nothing to send again',
    );
  const runIds = runs.rows.map((row) => Number(row.run_id));
  await sql`
    UPDATE deployment_run r SET failed = greatest(r.failed - c.n, 0), status = 'sending', finished_at = NULL
    FROM unnest(${runIds}::bigint[], ${runs.rows.map((row) => row.n)}::integer[]) AS c(run_id, n)
    WHERE r.id = c.run_id`.execute(trx);
  for (const id of runIds)
    await queueRunWorkers(trx, {
      organizationId: actor.organizationId,
      runId: id,
      activityId: activity.id,
      name: activity.name,
      createdBy: actor.userId,
    });
  const retried = runs.rows.reduce((sum, row) => sum + row.n, 0);
  const moved = activity.status === 'deployed';
  const now = moved ? await moveActivity(trx, actor.organizationId, activity, 'deploying') : activity;
  const event = await logWorkflowEvent(trx, actor.organizationId, {
    activity: now,
    action: 'deliveriesRetried',
    from: activity.status,
    to: now.status,
    userId: actor.userId,
    details: { retried, runIds },
  });
  return { retried, runIds, activity: now, activityMoved: moved, event };
}
