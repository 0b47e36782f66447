import {
  HeraldError,
  deploymentTiming,
  upcomingRuns,
  worstCheckStatus,
  type ActivityRecord,
  type CheckResult,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { readOrganizationSendingSettings } from '../organization-access/sending-settings.ts';
import type { Actor } from '../query/resources.ts';

export const DEPLOYMENT_JOB_KIND = 'activityDeployment';

/**
 * The scheduler series of an activity's deployment: its one queued job (a broadcast's start, a repeating
 * schedule's next run, a triggered activity's going live). Cancelling a deployment cancels the series.
 */
export function deploymentSeries(activityId: number): string {
  return `deployment:${activityId}`;
}

/** What a deployment job carries (params): enough to run without reading how it was queued. */
export interface DeploymentJobParams {
  activityId: number;
  revisionId: number;
  /** When it was queued to start, ISO. */
  at: string;
  /** The distribution type it was queued with (broadcast, scheduled, api, event). */
  distribution: string;
}

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
 * Queues the deployment's job, by the activity's distribution (protocol schedule/activity-schedule.ts): a
 * broadcast runs once, at `at`; a scheduled activity's runs are `at` and every hour, day, week or month of the
 * organization's wall clock after it (its time zone setting), each run a job of the series; an API- or
 * event-triggered one goes live at `at`. Nothing runs in the past: a time already past runs now, except that a
 * repeating schedule whose first time has passed (a date of last week, a resume) goes on at its next time, so
 * its runs keep their wall-clock time. `runNow` (queueDeploy) starts the first run at once whatever `at` says;
 * a repeating schedule's later runs still follow `at`. Answers the job's id, which the activity keeps, and when
 * it runs first.
 */
export async function queueDeployment(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  revisionId: number,
  at: Date,
  options: { runNow?: boolean } = {},
): Promise<{ jobId: number; runAt: Date }> {
  const { timeZone } = await readOrganizationSendingSettings(trx, actor.organizationId);
  const timing = deploymentTiming(activity.distribution, at, timeZone);
  const now = new Date();
  const runAt = options.runNow
    ? now
    : at > now
      ? at
      : timing.kind === 'repeat'
        ? (upcomingRuns(timing, now, 1)[0] ?? now)
        : now;
  const params: DeploymentJobParams = {
    activityId: activity.id,
    revisionId,
    at: at.toISOString(),
    distribution: activity.distribution.type,
  };
  const jobId = await enqueueJob(trx, {
    organizationId: actor.organizationId,
    kind: DEPLOYMENT_JOB_KIND,
    name: activity.name,
    params: { ...params },
    createdBy: actor.userId,
    runAt,
    repeat: timing.kind === 'repeat' ? timing.repeat : null,
    series: deploymentSeries(activity.id),
  });
  return { jobId, runAt };
}

/** Cancels the activity's deployment series: its queued or running job, if any; answers the job's id. */
export async function cancelDeploymentJob(
  trx: Transaction<Database>,
  organizationId: number,
  activityId: number,
): Promise<number | undefined> {
  const rows = await sql<{ id: number }>`UPDATE job SET status = 'cancelled', locked_by = NULL,
      finished_at = now(), updated_at = now()
    WHERE organization_id = ${organizationId} AND status IN ('queued', 'running')
      AND kind = ${DEPLOYMENT_JOB_KIND} AND (series = ${deploymentSeries(activityId)}
        OR id = (SELECT deployment_job_id FROM activity WHERE id = ${activityId} AND organization_id = ${organizationId}))
    RETURNING id`.execute(trx);
  return rows.rows[0]?.id;
}
