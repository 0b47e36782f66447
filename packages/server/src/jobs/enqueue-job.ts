import type { JobKind } from '@herald/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

export interface NewJob {
  organizationId: number;
  kind: JobKind;
  /** What it works on, for people (a file name, a list name). */
  name: string;
  params: Record<string, unknown>;
  createdBy: number | null;
  /** An export waiting for a second administrator (two-person approval). */
  approvalRequired?: boolean;
  progressTotal?: number | null;
}

/** Queues a job; the caller pokes services.jobs afterwards so this process starts it at once. */
export async function enqueueJob(db: Kysely<Database> | Transaction<Database>, job: NewJob): Promise<number> {
  const row = await db
    .insertInto('job')
    .values({
      organization_id: job.organizationId,
      kind: job.kind,
      name: job.name.slice(0, 300),
      params: JSON.stringify(job.params),
      created_by: job.createdBy,
      approval_required: job.approvalRequired ?? false,
      progress_total: job.progressTotal ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
