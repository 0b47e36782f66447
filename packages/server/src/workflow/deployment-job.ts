import {
  HeraldError,
  type ActivityRecord,
  type ActivityStatus,
  type WorkflowEventAction,
  type WorkflowEventRecord,
} from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { countRecipients } from '../checks/recipient-count.ts';
import type { Database } from '../database/schema.ts';
import type { CancelledJob, JobContext, JobHandler } from '../jobs/job-runner.ts';
import type { Actor } from '../query/resources.ts';
import { deploymentSeries, type DeploymentJobParams } from './deployment.ts';
import { notifyDeploymentEvent } from './deployment-notices.ts';
import { announceOnCommit } from '../live/record-changes.ts';
import { moveActivity } from './move-activity.ts';
import { announceWorkflowEvents, logWorkflowEvent } from './workflow-log.ts';
import { openRun } from '../delivery/run-lifecycle.ts';

/** What one run of a deployment job did. */
interface RunOutcome {
  moved: ActivityRecord;
  event: WorkflowEventRecord;
  /** A run that ends the series (aborted): the runner queues no further occurrence. */
  endSeries: boolean;
  result: Record<string, unknown>;
}

/**
 * Whether this job is still the activity's deployment: of its series and not cancelled meanwhile (a suspend
 * and resume queue a new job; the old one, if it was already running, must not start anything).
 */
async function ownsDeployment(
  trx: Transaction<Database>,
  jobId: number,
  activityId: number,
): Promise<boolean> {
  const rows = await sql<{ series: string | null; status: string }>`SELECT series, status FROM job
    WHERE id = ${jobId} FOR UPDATE`.execute(trx);
  const job = rows.rows[0];
  if (job?.status !== 'running') return false;
  if (job.series === deploymentSeries(activityId)) return true;
  // Jobs queued before deployments had a series (migration 0026) are known by the activity's job id.
  const owner = await sql<{ deployment_job_id: number | null }>`SELECT deployment_job_id FROM activity
    WHERE id = ${activityId}`.execute(trx);
  return owner.rows[0]?.deployment_job_id === jobId;
}

/**
 * One run of a queued deployment, in one transaction with its log entry:
 * - the first run takes the activity from `scheduled` to `deploying` (a triggered activity is then live);
 * - a repeating schedule's later runs find it `deploying` and log a `deploymentRun`;
 * - a broadcast or a scheduled run whose recipients now exceed the send limit (functional §5) is aborted:
 *   the activity becomes `failed` with SendLimitExceededError's message in the log, and the series ends.
 * Each run of a broadcast or a schedule opens a delivery run (delivery/run-lifecycle.ts), whose workers send its
 * messages; `deployed_revision_id` is the approved revision it sends. A job no longer the activity's does nothing.
 */
async function runDeployment(
  context: JobContext,
  trx: Transaction<Database>,
  params: DeploymentJobParams,
): Promise<RunOutcome | undefined> {
  const { job } = context;
  const actor: Actor = {
    organizationId: job.organizationId,
    userId: job.createdBy ?? 0,
    capabilities: [],
    partitionIds: undefined,
  };
  const activity = await readVisibleActivity(trx, actor, params.activityId, { forUpdate: true });
  if (!activity || (activity.status !== 'scheduled' && activity.status !== 'deploying')) return undefined;
  if (!(await ownsDeployment(trx, job.id, activity.id))) return undefined;
  const first = activity.status === 'scheduled';
  const runsToRecipients = params.distribution === 'broadcast' || params.distribution === 'scheduled';
  const recipients = runsToRecipients ? await countRecipients(trx, actor, activity.target) : undefined;
  const details = {
    jobId: job.id,
    revisionId: params.revisionId,
    at: params.at,
    recipients: recipients ?? null,
  };
  const log = async (
    action: WorkflowEventAction,
    to: ActivityStatus,
    extra: Record<string, unknown> = {},
  ) => {
    const moved =
      to === activity.status && !first
        ? activity
        : await moveActivity(trx, job.organizationId, activity, to, { deploymentJobId: job.id });
    const event = await logWorkflowEvent(trx, job.organizationId, {
      activity: moved,
      action,
      from: activity.status,
      to: moved.status,
      userId: null,
      comment: typeof extra.comment === 'string' ? extra.comment : undefined,
      details: { ...details, ...extra },
    });
    return { moved, event };
  };
  if (recipients !== undefined && activity.sendLimit !== null && recipients > activity.sendLimit) {
    const message = new HeraldError('SendLimitExceededError').message;
    const logged = await log('deploymentAborted', 'failed', {
      comment: `${message} (${recipients.toLocaleString('en')} > ${activity.sendLimit.toLocaleString('en')})`,
      sendLimit: activity.sendLimit,
      error: 'SendLimitExceededError',
    });
    return {
      ...logged,
      endSeries: true,
      result: { activityId: activity.id, aborted: 'SendLimitExceededError' },
    };
  }
  const logged = await log(first ? 'deploymentStarted' : 'deploymentRun', 'deploying');
  await sql`UPDATE activity SET deployed_revision_id = ${params.revisionId} WHERE id = ${activity.id}`.execute(
    trx,
  );
  // A broadcast or a schedule's run sends to its recipients now (the delivery engine's run, in this
  // transaction); a triggered activity's runs are made as its triggers come due (triggers/).
  const runId = runsToRecipients
    ? await openRun(trx, {
        organizationId: job.organizationId,
        activity: logged.moved,
        revisionId: params.revisionId,
        jobId: job.id,
        createdBy: job.createdBy,
        at: params.at,
      })
    : undefined;
  return {
    ...logged,
    endSeries: false,
    result: { activityId: activity.id, run: first ? 'first' : 'repeat', ...(runId ? { runId } : {}) },
  };
}

async function startDeployment(context: JobContext): Promise<Record<string, unknown>> {
  const { job } = context;
  const params = job.params as unknown as DeploymentJobParams;
  const outcome = await context.db.transaction().execute((trx) => runDeployment(context, trx, params));
  // A job that no longer owns its activity ends its series too: nothing would ever own its next run.
  if (!outcome) return { activityId: params.activityId, started: false, endSeries: true };
  await context.recordChanges
    .announce({ organizationId: job.organizationId, type: 'activity', records: [outcome.moved] })
    .catch((error: unknown) => context.log.error({ err: error }, 'announcing an activity failed'));
  await announceWorkflowEvents(context, job.organizationId, [outcome.event]);
  // Who queued it and the participants hear that it started or was aborted; a repeating schedule's later runs
  // are in the log only, or a daily send would notify daily.
  const messageKey =
    outcome.event.action === 'deploymentStarted'
      ? 'activityDeploymentStarted'
      : outcome.event.action === 'deploymentAborted'
        ? 'activityDeploymentFailed'
        : undefined;
  if (messageKey)
    await notifyDeploymentEvent(context.db, {
      organizationId: job.organizationId,
      activityId: outcome.moved.id,
      name: outcome.moved.name,
      messageKey,
      userIds: job.createdBy === null ? [] : [job.createdBy],
    }).catch((error: unknown) => context.log.error({ err: error }, 'notifying of a deployment failed'));
  return { ...outcome.result, revisionId: params.revisionId, started: true, endSeries: outcome.endSeries };
}

/**
 * A deployment job cancelled with cancelJob rather than queueCancel: a deployment still only queued goes back
 * to approved, as queueCancel would take it; a live one (a repeating schedule's next run, a triggered
 * activity) is cancelled. The log says so.
 */
async function deploymentJobCancelled(db: Kysely<Database>, job: CancelledJob): Promise<void> {
  const activityId = Number(job.params.activityId);
  await db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: number; status: ActivityStatus; version: number; partition_ids: number[] }>`
      SELECT id, status, version, partition_ids FROM activity
      WHERE organization_id = ${job.organizationId} AND id = ${activityId}
        AND status IN ('scheduled', 'deploying') FOR UPDATE`.execute(trx);
    const activity = rows.rows[0];
    if (!activity) return;
    const to: ActivityStatus = activity.status === 'scheduled' ? 'approved' : 'cancelled';
    const moved = await moveActivity(trx, job.organizationId, activity, to, { deploymentJobId: null });
    const event = await logWorkflowEvent(trx, job.organizationId, {
      activity: { id: activity.id, partitionIds: activity.partition_ids },
      action: 'queueCancel',
      from: activity.status,
      to,
      userId: null,
      details: { jobId: job.id, via: 'cancelJob' },
    });
    // The job list's cancel has no step after its commit: the activity and its log entry go out with it.
    const organizationId = job.organizationId;
    await announceOnCommit(trx, { organizationId, type: 'activity', records: [moved] });
    await announceOnCommit(trx, { organizationId, type: 'workflowEvent', records: [event] });
  });
}

export const deploymentJob: JobHandler = {
  capability: 'content-deploy',
  run: startDeployment,
  cancelled: deploymentJobCancelled,
};
