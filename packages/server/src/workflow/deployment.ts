import {
  HeraldError,
  worstCheckStatus,
  type ActivityRecord,
  type ActivityStatus,
  type CheckResult,
} from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { CancelledJob, JobContext, JobHandler } from '../jobs/job-runner.ts';
import type { Actor } from '../query/resources.ts';
import { moveActivity } from './move-activity.ts';
import { announceWorkflowEvents, logWorkflowEvent } from './workflow-log.ts';

export const DEPLOYMENT_JOB_KIND = 'activityDeployment';

/**
 * PROTOCOL §8: deploying needs an approved revision and a passing check, i.e. the latest revision approved and
 * the latest check run of that revision not failed (a warning passes). DeploymentNotReadyError otherwise.
 */
export async function checkDeployable(
  trx: Transaction<Database>,
  organizationId: number,
  activity: ActivityRecord,
): Promise<number> {
  const revisionId = activity.latestRevisionId;
  if (revisionId === null) throw new HeraldError('DeploymentNotReadyError');
  const rows = await sql<{ approval_status: string; checks: CheckResult[] | null }>`
    SELECT r.approval_status,
      (SELECT e.details -> 'checks' FROM workflow_event e
        WHERE e.organization_id = r.organization_id AND e.activity_id = r.activity_id
          AND e.action = 'checkFinished' AND (e.details ->> 'revisionId')::integer = r.id
        ORDER BY e.id DESC LIMIT 1) AS checks
    FROM activity_revision r WHERE r.id = ${revisionId} AND r.organization_id = ${organizationId}`.execute(
    trx,
  );
  const revision = rows.rows[0];
  if (revision?.approval_status !== 'approved' || !revision.checks)
    throw new HeraldError('DeploymentNotReadyError');
  if (worstCheckStatus(revision.checks) === 'fail') throw new HeraldError('DeploymentNotReadyError');
  return revisionId;
}

/**
 * Queues the job that starts the deployment at `at` (now when absent), carrying what a deployment needs: the
 * activity, the approved revision and the time. Answers its id, which the activity keeps.
 */
export async function queueDeployment(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  revisionId: number,
  at: Date | undefined,
): Promise<number> {
  return enqueueJob(trx, {
    organizationId: actor.organizationId,
    kind: DEPLOYMENT_JOB_KIND,
    name: activity.name,
    params: { activityId: activity.id, revisionId, at: (at ?? new Date()).toISOString() },
    createdBy: actor.userId,
    runAt: at,
  });
}

/** Cancels the activity's queued deployment job, if it has one still waiting or running; answers its id. */
export async function cancelDeploymentJob(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
): Promise<number | undefined> {
  const rows = await sql<{ id: number }>`UPDATE job SET status = 'cancelled', locked_by = NULL,
      finished_at = now(), updated_at = now()
    WHERE organization_id = ${organizationId} AND status IN ('queued', 'running')
      AND id = (SELECT deployment_job_id FROM activity WHERE id = ${activityId} AND organization_id = ${organizationId})
    RETURNING id`.execute(trx);
  return rows.rows[0]?.id;
}

/**
 * The job that starts a queued deployment: moves the activity from scheduled to deploying and logs it. The
 * delivery engine that sends (a later issue) takes over from `deploying`; until it exists a deployment stays
 * there. A job no longer the activity's (cancelled, suspended, rescheduled meanwhile) does nothing.
 */
async function startDeployment(context: JobContext): Promise<Record<string, unknown>> {
  const { job } = context;
  const activityId = Number(job.params.activityId);
  const actor: Actor = {
    organizationId: job.organizationId,
    userId: job.createdBy ?? 0,
    capabilities: [],
    partitionIds: undefined,
  };
  const started = await context.db.transaction().execute(async (trx) => {
    const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
    if (!activity || activity.status !== 'scheduled') return undefined;
    const owner = await sql<{ deployment_job_id: number | null }>`SELECT deployment_job_id FROM activity
      WHERE id = ${activityId}`.execute(trx);
    if (owner.rows[0]?.deployment_job_id !== job.id) return undefined;
    const moved = await moveActivity(trx, job.organizationId, activity, 'deploying');
    const event = await logWorkflowEvent(trx, job.organizationId, {
      activity: moved,
      action: 'deploymentStarted',
      from: activity.status,
      to: moved.status,
      userId: null,
      details: { jobId: job.id, revisionId: job.params.revisionId, at: job.params.at },
    });
    return { moved, event };
  });
  if (!started) return { activityId, started: false };
  await context.recordChanges
    .announce({ organizationId: job.organizationId, type: 'activity', records: [started.moved] })
    .catch((error: unknown) => context.log.error({ err: error }, 'announcing an activity failed'));
  await announceWorkflowEvents(context, job.organizationId, [started.event]);
  return { activityId, revisionId: job.params.revisionId, started: true };
}

/**
 * A deployment job cancelled with cancelJob rather than queueCancel: the activity it would have started is no
 * longer queued, so it goes back to approved, as queueCancel would take it, and the log says so.
 */
async function deploymentJobCancelled(db: Kysely<Database>, job: CancelledJob): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: number; status: ActivityStatus; version: number; partition_ids: number[] }>`
      SELECT id, status, version, partition_ids FROM activity
      WHERE organization_id = ${job.organizationId} AND deployment_job_id = ${job.id} AND status = 'scheduled'
      FOR UPDATE`.execute(trx);
    const activity = rows.rows[0];
    if (!activity) return;
    await moveActivity(trx, job.organizationId, activity, 'approved', { deploymentJobId: null });
    await logWorkflowEvent(trx, job.organizationId, {
      activity: { id: activity.id, partitionIds: activity.partition_ids },
      action: 'queueCancel',
      from: 'scheduled',
      to: 'approved',
      userId: null,
      details: { jobId: job.id, via: 'cancelJob' },
    });
  });
}

export const deploymentJob: JobHandler = {
  capability: 'content-deploy',
  run: startDeployment,
  cancelled: deploymentJobCancelled,
};
