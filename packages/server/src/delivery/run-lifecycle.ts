import type { ActivityRecord, ActivityStatus } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import { announceOnCommit } from '../live/record-changes.ts';
import { moveActivity } from '../workflow/move-activity.ts';
import { logWorkflowEvent } from '../workflow/workflow-log.ts';
import { queueRunWorkers } from './ledger.ts';
import { RunContext, systemActor } from './run-context.ts';
import { RUN_SELECT, deploymentRunRecord, type DeploymentRunRow } from './run-resource.ts';
import { snapshotRecipients } from './snapshot.ts';

/** Reads a run as its record, for a live push. */
export async function readRunRecord(db: Kysely<Database> | Transaction<Database>, runId: number) {
  const rows =
    await sql<DeploymentRunRow>`SELECT ${RUN_SELECT} FROM deployment_run WHERE id = ${runId}`.execute(db);
  return rows.rows[0] ? deploymentRunRecord(rows.rows[0]) : undefined;
}

async function announceRun(trx: Transaction<Database>, organizationId: number, runId: number): Promise<void> {
  const record = await readRunRecord(trx, runId);
  if (record) await announceOnCommit(trx, { organizationId, type: 'deploymentRun', records: [record] });
}

/**
 * Opens the run a deployment's start or next occurrence sends (called by the deployment job in its
 * transaction): a suspended run of the activity is resumed where it stopped; otherwise a new run is made,
 * `snapshotting`, for its first worker to take the snapshot of. Its workers are queued either way.
 */
export async function openRun(
  trx: Transaction<Database>,
  input: {
    organizationId: number;
    activity: ActivityRecord;
    revisionId: number;
    jobId: number;
    createdBy: number | null;
    at: string;
  },
): Promise<number> {
  const { activity, organizationId } = input;
  const suspended = await sql<{ id: string }>`SELECT id::text AS id FROM deployment_run
    WHERE organization_id = ${organizationId} AND activity_id = ${activity.id}
      AND status IN ('suspended', 'waiting') ORDER BY id DESC LIMIT 1 FOR UPDATE`.execute(trx);
  let runId = suspended.rows[0] ? Number(suspended.rows[0].id) : undefined;
  if (runId !== undefined) {
    await sql`UPDATE deployment_run SET status = 'sending', details = details - 'resumesAt'
      WHERE id = ${runId}`.execute(trx);
  } else {
    const row = await trx
      .insertInto('deployment_run')
      .values({
        organization_id: organizationId,
        activity_id: activity.id,
        revision_id: input.revisionId,
        job_id: input.jobId,
        channel: activity.type,
        details: JSON.stringify({ at: input.at, distribution: activity.distribution.type }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    runId = Number(row.id);
  }
  await queueRunWorkers(trx, {
    organizationId: organizationId,
    runId,
    activityId: activity.id,
    name: activity.name,
    createdBy: input.createdBy,
  });
  await announceRun(trx, organizationId, runId);
  return runId;
}

/**
 * Takes the run's snapshot if nobody has (the first worker to lock the run's row does it, in one transaction
 * with the run's move to `sending`, so a crash leaves either no snapshot or all of it). Answers the run as it is.
 */
export async function ensureSnapshot(
  db: Kysely<Database>,
  runId: number,
): Promise<DeploymentRunRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<DeploymentRunRow & { organization_id: number }>`SELECT ${RUN_SELECT},
        deployment_run.organization_id
      FROM deployment_run WHERE id = ${runId} FOR UPDATE`.execute(trx);
    const run = rows.rows[0];
    if (!run || run.status !== 'snapshotting') return run;
    const activity = await readVisibleActivity(trx, systemActor(run.organization_id), run.activity_id);
    const revision = await trx
      .selectFrom('activity_revision')
      .select('content')
      .where('id', '=', run.revision_id)
      .executeTakeFirst();
    const organization = await trx
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', run.organization_id)
      .executeTakeFirst();
    if (!activity || !revision) {
      await sql`UPDATE deployment_run SET status = 'failed', finished_at = now() WHERE id = ${runId}`.execute(
        trx,
      );
      await announceRun(trx, run.organization_id, runId);
      return { ...run, status: 'failed' };
    }
    const counts = await snapshotRecipients(trx, {
      organizationId: run.organization_id,
      runId,
      activityId: activity.id,
      channel: activity.type,
      target: activity.target,
      frequency: activity.frequency,
      versions: RunContext.versionsOf(revision.content as never),
      settings: organization?.settings ?? {},
    });
    await sql`UPDATE deployment_run SET status = 'sending', recipients = ${counts.recipients},
        suppressed = ${counts.suppressed}
      WHERE id = ${runId}`.execute(trx);
    await announceRun(trx, run.organization_id, runId);
    return { ...run, status: 'sending', recipients: counts.recipients, suppressed: counts.suppressed };
  });
}

/** Sets a run's state (waiting through quiet hours, suspended, cancelled) unless it has ended. */
export async function setRunStatus(
  db: Kysely<Database>,
  organizationId: number,
  runId: number,
  status: 'sending' | 'waiting' | 'suspended' | 'cancelled',
  resumesAt?: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const details = resumesAt ? JSON.stringify({ resumesAt: resumesAt.toISOString() }) : '{}';
    const changed = await sql`UPDATE deployment_run SET status = ${status},
        details = (details - 'resumesAt') || ${details}::jsonb,
        finished_at = CASE WHEN ${status} = 'cancelled' THEN now() ELSE finished_at END
      WHERE id = ${runId} AND status IN ('sending', 'waiting', 'suspended') AND status <> ${status}`.execute(
      trx,
    );
    if (Number(changed.numAffectedRows ?? 0) > 0) await announceRun(trx, organizationId, runId);
  });
}

/**
 * Ends a run whose deliveries are all settled, once (the row lock orders the workers): `finished`, and a
 * broadcast's activity moves from `deploying` to `deployed` with a `deploymentFinished` log entry giving the
 * counts. A repeating schedule and a triggered activity stay `deploying` for their next runs.
 */
export async function finishRun(
  db: Kysely<Database>,
  organizationId: number,
  runId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The activity is locked before the run, in the order retryDeliveries takes them, or the two deadlock.
    await sql`SELECT a.id FROM activity a JOIN deployment_run r ON r.activity_id = a.id
      WHERE r.id = ${runId} AND a.organization_id = ${organizationId} FOR UPDATE OF a`.execute(trx);
    const rows = await sql<{
      status: string;
      activity_id: number;
      sent: number;
      failed: number;
      suppressed: number;
      recipients: number;
    }>`
      SELECT status, activity_id, sent, failed, suppressed, recipients FROM deployment_run
      WHERE id = ${runId} FOR UPDATE`.execute(trx);
    const run = rows.rows[0];
    if (!run || run.status !== 'sending') return false;
    const open = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM delivery
      WHERE run_id = ${runId} AND status IN ('queued', 'sending')`.execute(trx);
    if (Number(open.rows[0]?.n ?? 0) > 0) return false;
    await sql`UPDATE deployment_run SET status = 'finished', finished_at = now() WHERE id = ${runId}`.execute(
      trx,
    );
    await announceRun(trx, organizationId, runId);
    const activity = await readVisibleActivity(trx, systemActor(organizationId), run.activity_id, {
      forUpdate: true,
    });
    if (activity?.status === 'deploying' && activity.distribution.type === 'broadcast') {
      const moved = await moveActivity(
        trx,
        organizationId,
        activity,
        'deployed' satisfies ActivityStatus,
        {},
      );
      const event = await logWorkflowEvent(trx, organizationId, {
        activity: moved,
        action: 'deploymentFinished',
        from: activity.status,
        to: moved.status,
        userId: null,
        details: {
          runId,
          recipients: run.recipients,
          sent: run.sent,
          failed: run.failed,
          suppressed: run.suppressed,
        },
      });
      await announceOnCommit(trx, { organizationId, type: 'activity', records: [moved] });
      await announceOnCommit(trx, { organizationId, type: 'workflowEvent', records: [event] });
    }
    return true;
  });
}
