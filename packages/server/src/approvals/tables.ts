import type { ColumnType, Generated } from 'kysely';
import type { ApprovalDecision, ApprovalSubjectKind } from './approvals.ts';

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface ApprovalsTables {
  approval: ApprovalTable;
}

/** Who asked for what to be approved, who decided, when and with what comment (approvals/approvals.ts). */
export interface ApprovalTable {
  id: Generated<number>;
  organization_id: number;
  subject_kind: ApprovalSubjectKind;
  subject_id: number;
  requested_by: number | null;
  requested_at: ColumnType<Date, Date | string | undefined, never>;
  decision: Generated<ApprovalDecision>;
  decided_by: number | null;
  decided_at: Date | null;
  comment: string | null;
}
