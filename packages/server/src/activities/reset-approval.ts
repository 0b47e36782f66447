import type { ActivityRecord, ActivityStatus } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/** Statuses that stand on an approval (asked for or given); a reset takes the activity back to draft. */
const APPROVAL_STATUSES: readonly ActivityStatus[] = ['approvalRequested', 'approved'];

/**
 * Functional §4: changing the target expression or the date resets approval. When the activity has an
 * approval to lose (a revision whose approval was requested or given, or an approval status), its revisions
 * become `reset`, its approvalResetAt is recorded and its status goes back to draft; answers the status it is to
 * have. An activity never put up for approval has nothing to reset and stays as it is. The workflow
 * (docs/workflow.md) clears approvalResetAt when it approves again.
 */
export async function resetApproval(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
): Promise<ActivityStatus> {
  const reset = await sql<{ id: number }>`UPDATE activity_revision SET approval_status = 'reset'
    WHERE organization_id = ${actor.organizationId} AND activity_id = ${activity.id}
      AND approval_status IN ('requested', 'approved')
    RETURNING id`.execute(trx);
  const hadApproval = reset.rows.length > 0 || APPROVAL_STATUSES.includes(activity.status);
  if (!hadApproval) return activity.status;
  await sql`UPDATE activity SET approval_reset_at = now()
    WHERE id = ${activity.id} AND organization_id = ${actor.organizationId}`.execute(trx);
  return APPROVAL_STATUSES.includes(activity.status) ? 'draft' : activity.status;
}
