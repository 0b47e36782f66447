import type { JobKind } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { RepeatRule } from '@herald/protocol';

/**
 * A kind of work that belongs to no organization ('mailRetry'); only a runner that handles the kind
 * (JobRunner.handleSystemJob) claims it.
 */
export type SystemJobKind = string;

interface JobTiming {
  /** When it is due; now when absent. A queued job is not claimed before. */
  runAt?: Date | undefined;
  /** Repeats: when an occurrence finishes, the next one after that moment is queued as a new job. */
  repeat?: RepeatRule | null | undefined;
  /**
   * The schedule it belongs to (`calculation:<custom field id>`). At most one occurrence of a series is queued;
   * queueing another moves that one instead (to this runAt and repeat).
   */
  series?: string | null | undefined;
}

export interface NewJob extends JobTiming {
  organizationId: number;
  kind: JobKind;
  /** What it works on, for people (a file name, a list name). */
  name: string;
  params: Record<string, unknown>;
  createdBy: number | null;
  progressTotal?: number | null;
}

/** Work for no organization (a mail retry): no organization's job query ever shows it. */
export interface NewSystemJob extends JobTiming {
  organizationId: null;
  kind: SystemJobKind;
  name: string;
  params: Record<string, unknown>;
  createdBy: null;
}

/**
 * Queues a job, answering its id. The caller pokes services.jobs afterwards so a job due now starts at once in
 * this process. With a series whose queued occurrence exists, that occurrence is moved instead (and its id
 * answered), so a schedule never has two waiting.
 */
export async function enqueueJob(
  db: Kysely<Database> | Transaction<Database>,
  job: NewJob | NewSystemJob,
): Promise<number> {
  const repeat = job.repeat ? JSON.stringify(job.repeat) : null;
  const row = (
    await sql<{
      id: number;
    }>`INSERT INTO job (organization_id, kind, name, params, created_by, progress_total,
        run_at, repeat, series)
      VALUES (${job.organizationId}, ${job.kind}, ${job.name.slice(0, 300)}, ${JSON.stringify(job.params)}::jsonb,
        ${job.createdBy}, ${'progressTotal' in job ? (job.progressTotal ?? null) : null},
        coalesce(${job.runAt ?? null}::timestamptz, now()), ${repeat}::jsonb, ${job.series ?? null})
      ON CONFLICT (series) WHERE status = 'queued' DO UPDATE SET run_at = excluded.run_at,
        repeat = excluded.repeat, params = excluded.params, name = excluded.name, updated_at = now()
      RETURNING id`.execute(db)
  ).rows[0];
  if (!row) throw new Error('The job was not queued');
  return Number(row.id);
}
