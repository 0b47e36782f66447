import { HeraldError, type ActivityRecord } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import { decideApproval, requestApproval } from '../approvals/approvals.ts';
import type { Database } from '../database/schema.ts';
import { readSecuritySettings } from '../organization-access/security-settings.ts';
import type { Actor } from '../query/resources.ts';

/** The revision an approval is about: the activity's latest. One without content cannot be approved. */
function revisionOf(activity: ActivityRecord): number {
  if (activity.latestRevisionId === null) throw new HeraldError('WorkflowTransitionError');
  return activity.latestRevisionId;
}

async function setRevisionApproval(
  trx: Transaction<Database>,
  organizationId: number,
  revisionId: number,
  status: 'none' | 'requested' | 'approved' | 'rejected',
): Promise<void> {
  await sql`UPDATE activity_revision SET approval_status = ${status}
    WHERE id = ${revisionId} AND organization_id = ${organizationId}`.execute(trx);
}

/** `open`: asks for the latest revision to be approved (an approval request on the approval model). */
export async function requestRevisionApproval(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
): Promise<number> {
  const revisionId = revisionOf(activity);
  await withdrawRevisionApproval(trx, actor, activity);
  await requestApproval(trx, {
    organizationId: actor.organizationId,
    subject: { kind: 'activityRevision', id: revisionId },
    requestedBy: actor.userId,
  });
  await setRevisionApproval(trx, actor.organizationId, revisionId, 'requested');
  return revisionId;
}

/** `close`: withdraws a request or a given approval; the revision is back to none (the log keeps the history). */
export async function withdrawRevisionApproval(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
): Promise<void> {
  if (activity.latestRevisionId === null) return;
  await sql`DELETE FROM approval WHERE organization_id = ${actor.organizationId}
    AND subject_kind = 'activityRevision' AND subject_id = ${activity.latestRevisionId}
    AND decision = 'pending'`.execute(trx);
  await setRevisionApproval(trx, actor.organizationId, activity.latestRevisionId, 'none');
}

/**
 * `approve` and `reject`: decides the latest revision's request. With the organization's two-person approval
 * of activities on, the one who saved that revision cannot approve it (rejecting stays open to them). A
 * reject of an approved revision records a new, rejected decision.
 */
export async function decideRevisionApproval(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  approve: boolean,
  comment: string | undefined,
): Promise<{ revisionId: number; requestedBy: number | null }> {
  const revisionId = revisionOf(activity);
  if (approve) {
    const { twoPersonActivityApproval } = await readSecuritySettings(trx, actor.organizationId);
    if (twoPersonActivityApproval) {
      const rows = await sql<{ created_by: number | null }>`SELECT created_by FROM activity_revision
        WHERE id = ${revisionId} AND organization_id = ${actor.organizationId}`.execute(trx);
      if (rows.rows[0]?.created_by === actor.userId) throw new HeraldError('ActivityApprovalSelfError');
    }
  }
  const subject = { kind: 'activityRevision' as const, id: revisionId };
  const decide = () =>
    decideApproval(trx, {
      organizationId: actor.organizationId,
      subject,
      decidedBy: actor.userId,
      approve,
      comment: comment ?? null,
    });
  // A given approval being rejected, or a request that predates the approval model, has no pending request to
  // decide: one is recorded, then decided, so the history keeps every decision.
  let decided = activity.status === 'approved' ? undefined : await decide();
  if (!decided) {
    await requestApproval(trx, { organizationId: actor.organizationId, subject, requestedBy: actor.userId });
    decided = await decide();
  }
  if (!decided) throw new HeraldError('StaleRecordError');
  await setRevisionApproval(trx, actor.organizationId, revisionId, approve ? 'approved' : 'rejected');
  return { revisionId, requestedBy: decided.requestedBy };
}

/** The users who may approve in the organization (content-approve: the role, power users, administrators). */
export async function approversOf(
  trx: Transaction<Database>,
  organizationId: number,
  except: number,
): Promise<number[]> {
  const rows = await sql<{ user_id: number }>`SELECT oa.user_id FROM organization_access oa
    JOIN user_account u ON u.id = oa.user_id AND NOT u.disabled
    WHERE oa.organization_id = ${organizationId} AND oa.user_id <> ${except}
      AND oa.roles && ARRAY['Content.Approve', 'System.PowerUser', 'System.Admin']::text[]`.execute(trx);
  return rows.rows.map((row) => row.user_id);
}
