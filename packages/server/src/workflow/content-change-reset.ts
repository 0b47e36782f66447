import type { ActivityRecord, ActivityStatus, WorkflowEventRecord } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { cancelDeploymentJob } from './deployment.ts';
import { announceOnCommit } from '../live/record-changes.ts';
import { logWorkflowEvent } from './workflow-log.ts';

/**
 * Statuses a new revision takes back to draft: its checks and its approval were of the content before (approval
 * is per revision). A queued deployment carried the approved revision, so it is cancelled with them.
 */
const RESET_BY_NEW_CONTENT: readonly ActivityStatus[] = [
  'checked',
  'approvalRequested',
  'approved',
  'rejected',
  'scheduled',
  'suspended',
];

/**
 * After a new revision is saved (in the same transaction): the activity back to draft, its queued deployment
 * cancelled, and an `approvalReset` entry in the log saying why. Answers the entry, or undefined when the
 * activity had nothing to reset.
 */
export async function resetWorkflowForNewRevision(
  trx: Transaction<Database>,
  actor: Actor,
  before: ActivityRecord,
  revisionId: number,
): Promise<WorkflowEventRecord | undefined> {
  if (!RESET_BY_NEW_CONTENT.includes(before.status)) return undefined;
  const jobId = await cancelDeploymentJob(trx, actor.organizationId, before.id);
  await sql`UPDATE activity SET status = 'draft', deployment_job_id = NULL,
      approval_reset_at = CASE WHEN ${before.status} IN ('approvalRequested', 'approved', 'scheduled', 'suspended')
        THEN now() ELSE approval_reset_at END
    WHERE id = ${before.id} AND organization_id = ${actor.organizationId}`.execute(trx);
  await sql`DELETE FROM approval WHERE organization_id = ${actor.organizationId}
    AND subject_kind = 'activityRevision' AND decision = 'pending'
    AND subject_id IN (SELECT id FROM activity_revision WHERE activity_id = ${before.id}
      AND organization_id = ${actor.organizationId})`.execute(trx);
  return logWorkflowEvent(trx, actor.organizationId, {
    activity: before,
    action: 'approvalReset',
    from: before.status,
    to: 'draft',
    userId: actor.userId,
    details: { reason: 'newRevision', revisionId, ...(jobId === undefined ? {} : { cancelledJobId: jobId }) },
  });
}

/** Logs a reset of approval by a change of the target or the date (activities/reset-approval.ts made it). */
export async function logTargetOrDateReset(
  trx: Transaction<Database>,
  actor: Actor,
  before: ActivityRecord,
  after: ActivityStatus,
): Promise<void> {
  if (after === before.status) return;
  const event = await logWorkflowEvent(trx, actor.organizationId, {
    activity: before,
    action: 'approvalReset',
    from: before.status,
    to: after,
    userId: actor.userId,
    details: { reason: 'targetOrDate' },
  });
  // writeRecords pushes the activity after its commit; the log entry goes out with the same commit.
  await announceOnCommit(trx, {
    organizationId: actor.organizationId,
    type: 'workflowEvent',
    records: [event],
  });
}
