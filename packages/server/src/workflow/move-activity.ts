import {
  HeraldError,
  workflowTransition,
  type ActivityRecord,
  type ActivityStatus,
  type WorkflowAction,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { ACTIVITY_SELECT, activityRecord, type ActivityRow } from '../activities/activity-record.ts';
import type { Database } from '../database/schema.ts';

/**
 * The status the table (WORKFLOW_TABLE) gives `action` from the activity's status, or WorkflowTransitionError.
 * `version` is what the caller saw: a different stored one means someone acted meanwhile (StaleRecordError).
 */
export function transitionOf(
  activity: ActivityRecord,
  action: WorkflowAction,
  version: number | undefined,
): ActivityStatus {
  if (version !== undefined && version !== activity.version) throw new HeraldError('StaleRecordError');
  const to = workflowTransition(action, activity.status);
  if (to === undefined) throw new HeraldError('WorkflowTransitionError');
  return to;
}

/**
 * Compare-and-set of the activity's status: moves it from `from` (at `version`) to `to`, with any other columns
 * given, and answers it as it now is. When another writer moved it first, nothing matches and the loser answers
 * StaleRecordError; so two people acting at once cannot both win, whatever isolation the database runs at.
 */
export async function moveActivity(
  trx: Transaction<Database>,
  organizationId: number,
  activity: Pick<ActivityRecord, 'id' | 'status' | 'version'>,
  to: ActivityStatus,
  set: { deploymentJobId?: number | null; throttle?: number | null; approvalResetAt?: null } = {},
): Promise<ActivityRecord> {
  const extra = [
    ...(set.deploymentJobId === undefined ? [] : [sql`deployment_job_id = ${set.deploymentJobId}`]),
    ...(set.throttle === undefined ? [] : [sql`throttle = ${set.throttle}`]),
    ...(set.approvalResetAt === undefined ? [] : [sql`approval_reset_at = NULL`]),
  ];
  const rows = await sql<ActivityRow>`UPDATE activity SET status = ${to},
      ${extra.length > 0 ? sql`${sql.join(extra)},` : sql``}
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${activity.id} AND organization_id = ${organizationId}
      AND status = ${activity.status} AND version = ${activity.version}
    RETURNING ${ACTIVITY_SELECT}`.execute(trx);
  const row = rows.rows[0];
  if (!row) throw new HeraldError('StaleRecordError');
  return activityRecord(row);
}
