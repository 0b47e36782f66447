import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { ApprovalTable } from './tables.ts';

export const APPROVAL_DECISIONS = ['pending', 'approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/**
 * What can wait for a decision: a job (an export under two-person approval), or an activity's revision (the
 * workflow's approval is per revision: docs/workflow.md).
 */
export type ApprovalSubjectKind = 'job' | 'activityRevision';

export interface ApprovalSubject {
  kind: ApprovalSubjectKind;
  id: number;
}

/** One request for approval and its decision. */
export interface Approval {
  id: number;
  organizationId: number;
  subject: ApprovalSubject;
  requestedBy: number | null;
  requestedAt: Date;
  decision: ApprovalDecision;
  decidedBy: number | null;
  decidedAt: Date | null;
  comment: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

function approvalOfRow(row: Selectable<ApprovalTable>): Approval {
  return {
    id: row.id,
    organizationId: row.organization_id,
    subject: { kind: row.subject_kind, id: row.subject_id },
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at),
    decision: row.decision,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
    comment: row.comment,
  };
}

/**
 * Asks for `subject` to be approved. A subject has at most one pending request (a unique index), so asking
 * again while one waits fails; a subject asked about again after a decision keeps the earlier ones as history.
 */
export async function requestApproval(
  db: Db,
  request: { organizationId: number; subject: ApprovalSubject; requestedBy: number | null },
): Promise<Approval> {
  const row = await db
    .insertInto('approval')
    .values({
      organization_id: request.organizationId,
      subject_kind: request.subject.kind,
      subject_id: request.subject.id,
      requested_by: request.requestedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return approvalOfRow(row);
}

/**
 * Records the decision on the subject's pending request; answers it, or undefined when none is pending
 * (there was none, or someone else decided first). Who may decide is the caller's rule.
 */
export async function decideApproval(
  db: Db,
  decision: {
    organizationId: number;
    subject: ApprovalSubject;
    decidedBy: number;
    approve: boolean;
    comment?: string | null | undefined;
  },
): Promise<Approval | undefined> {
  const row = await db
    .updateTable('approval')
    .set({
      decision: decision.approve ? 'approved' : 'rejected',
      decided_by: decision.decidedBy,
      decided_at: new Date(),
      comment: decision.comment ?? null,
    })
    .where('organization_id', '=', decision.organizationId)
    .where('subject_kind', '=', decision.subject.kind)
    .where('subject_id', '=', decision.subject.id)
    .where('decision', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row && approvalOfRow(row);
}

/** The subject's latest request for approval, or undefined when none was made. */
export async function approvalOf(
  db: Db,
  organizationId: number,
  subject: ApprovalSubject,
): Promise<Approval | undefined> {
  const row = await db
    .selectFrom('approval')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && approvalOfRow(row);
}

/** SQL that is true when every approval asked for the subject whose id is `idColumn` was given (or none was asked). */
export function approvedCondition(kind: ApprovalSubjectKind, idColumn: string): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM approval WHERE approval.subject_kind = ${sql.lit(kind)}
    AND approval.subject_id = ${sql.ref(idColumn)} AND approval.decision <> 'approved')`;
}

/**
 * Select-list columns for a record's approval summary: approval_required (one was asked for), and who gave
 * the latest approval and when (approved_by, approved_at).
 */
export function approvalColumns(kind: ApprovalSubjectKind, idColumn: string): RawBuilder<unknown> {
  const ofSubject = sql`approval.subject_kind = ${sql.lit(kind)} AND approval.subject_id = ${sql.ref(idColumn)}`;
  const approved = sql`FROM approval WHERE ${ofSubject} AND approval.decision = 'approved' ORDER BY approval.id DESC LIMIT 1`;
  return sql`EXISTS (SELECT 1 FROM approval WHERE ${ofSubject}) AS approval_required,
    (SELECT approval.decided_by ${approved}) AS approved_by, (SELECT approval.decided_at ${approved}) AS approved_at`;
}
