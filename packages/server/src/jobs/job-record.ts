import type { JobRecord } from '@herald/protocol';
import { sql } from 'kysely';
import { approvalColumns } from '../approvals/approvals.ts';

/**
 * The select list every job read uses (the query engine, pushes, commands), with the creator's e-mail and
 * the job's approval summary (approvals/approvals.ts).
 */
export const JOB_SELECT = sql`job.id, job.kind, job.status, job.name, job.progress_done, job.progress_total,
  job.result, job.error, job.created_by, job.attempts, job.run_at, job.created_at, job.updated_at,
  ${approvalColumns('job', 'job.id')},
  (SELECT email FROM user_account WHERE user_account.id = job.created_by) AS created_by_email`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A job row (JOB_SELECT) as clients see it (PROTOCOL §5). */
export function jobRecord(row: Record<string, unknown>): JobRecord {
  const record: JobRecord = {
    id: Number(row.id),
    kind: row.kind as JobRecord['kind'],
    status: row.status as JobRecord['status'],
    progress: {
      done: Number(row.progress_done ?? 0),
      total:
        row.progress_total === null || row.progress_total === undefined ? null : Number(row.progress_total),
    },
    name: String(row.name ?? ''),
    createdBy: row.created_by === null || row.created_by === undefined ? null : Number(row.created_by),
    createdByEmail: (row.created_by_email as string | null | undefined) ?? null,
    approval: {
      required: Boolean(row.approval_required),
      approvedBy: row.approved_by === null || row.approved_by === undefined ? null : Number(row.approved_by),
      approvedAt: row.approved_at ? iso(row.approved_at) : null,
    },
    attempts: Number(row.attempts ?? 0),
    runAt: row.run_at ? iso(row.run_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.result) record.result = row.result as Record<string, unknown>;
  if (row.error) record.error = row.error as { type: string; message: string };
  return record;
}
