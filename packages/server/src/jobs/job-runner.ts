import { randomUUID } from 'node:crypto';
import { HeraldError, errorMessage, type Capability, type JobKind } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../database/connect.ts';
import type { Database } from '../database/schema.ts';
import type { RecordChanges } from '../live/record-changes.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { JOB_SELECT, jobRecord } from './job-record.ts';

/** A claimed job as its handler sees it. */
export interface ClaimedJob {
  id: number;
  organizationId: number;
  kind: JobKind;
  name: string;
  params: Record<string, unknown>;
  /** What the last committed step saved (saveJobCheckpoint), or null on a first run. */
  checkpoint: Record<string, unknown> | null;
  createdBy: number | null;
  attempts: number;
}

export interface JobContext {
  job: ClaimedJob;
  /** This process's claim; saveJobCheckpoint checks it so a job taken over elsewhere cannot write twice. */
  lockedBy: string;
  database: DatabaseHandle;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Where uploads and extracts are kept (an export writes its zip there). */
  files: FileStore;
  /** Announces records the job changed (an import announces its list once, at the end). */
  recordChanges: RecordChanges;
  /** Aborted when the job is cancelled or the server is stopping. */
  signal: AbortSignal;
  /** Pushes progress to watching clients (at most every PROGRESS_PUSH_MS); saveJobCheckpoint persists it. */
  reportProgress(done: number, total?: number | null): void;
}

export interface JobHandler {
  /** Who may retry or cancel a job of this kind (besides an admin). */
  capability: Capability;
  /** Does the work; answers the job's result. Throw a HeraldError to fail it with that error. */
  run(context: JobContext): Promise<Record<string, unknown>>;
  /**
   * Called by cancelJob once the job is marked cancelled, queued or running: puts right what the job's
   * queueing had announced (an audience shown "in queue" has no generation coming any more).
   */
  cancelled?(db: Kysely<Database>, job: CancelledJob): Promise<void>;
}

export interface CancelledJob {
  id: number;
  organizationId: number;
  params: Record<string, unknown>;
}

/** Each job kind's handler, as the areas declare them (composition.ts). */
export type JobHandlers = ReadonlyMap<string, JobHandler>;

/** Thrown inside a handler when its job was cancelled or claimed by another process meanwhile. */
export class JobLostError extends Error {
  constructor() {
    super('The job is no longer held by this process');
  }
}

export const jobTimings = {
  pollMs: 500,
  heartbeatMs: 5_000,
  /** A running job whose heartbeat is older than this belongs to a process that died. */
  staleAfterMs: 30_000,
  progressPushMs: 250,
  /** A job interrupted more often than this is failed rather than started again. */
  maxAttempts: 5,
};

/**
 * Saves a job's checkpoint and progress inside the transaction that did the work it describes, so after a
 * crash the job resumes exactly after its last committed step. Throws JobLostError (rolling the step back)
 * when the job is no longer running under this process's claim.
 */
export async function saveJobCheckpoint(
  query: (text: string, params: readonly unknown[]) => Promise<unknown[]>,
  context: Pick<JobContext, 'job' | 'lockedBy'>,
  progress: { done: number; total?: number | null | undefined; checkpoint: Record<string, unknown> },
): Promise<void> {
  const rows = await query(
    `UPDATE job SET progress_done = $2, progress_total = coalesce($3, progress_total), checkpoint = $4::jsonb,
       updated_at = now(), heartbeat_at = now()
     WHERE id = $1 AND status = 'running' AND locked_by = $5 RETURNING id`,
    [
      context.job.id,
      progress.done,
      progress.total ?? null,
      JSON.stringify(progress.checkpoint),
      context.lockedBy,
    ],
  );
  if (rows.length === 0) throw new JobLostError();
}

/**
 * Runs queued jobs in this process, at most `concurrency` at a time. Jobs live in the `job` table: a process
 * claims one with FOR UPDATE SKIP LOCKED, keeps a heartbeat while it works, and records the outcome. A job
 * whose process died (heartbeat older than staleAfterMs, or, on the embedded database, any job left running,
 * since only one process can open it) is claimed again and resumes from its checkpoint. Several processes on
 * one PostgreSQL share the queue this way. (pg-boss would do the queueing, but a job here must also be a
 * queryable record with progress and a checkpoint written in the work's own transaction, which is this table.)
 */
export class JobRunner {
  readonly processId = randomUUID();
  readonly #database: DatabaseHandle;
  readonly #log: FastifyBaseLogger;
  readonly #recordChanges: RecordChanges;
  readonly #files: FileStore;
  readonly #concurrency: number;
  readonly #running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #stopped = true;
  #polling: Promise<void> | undefined;
  readonly #lastPush = new Map<number, number>();

  readonly #handlers: JobHandlers;

  constructor(
    database: DatabaseHandle,
    recordChanges: RecordChanges,
    log: FastifyBaseLogger,
    files: FileStore,
    handlers: JobHandlers,
    concurrency = 2,
  ) {
    this.#handlers = handlers;
    this.#database = database;
    this.#recordChanges = recordChanges;
    this.#log = log;
    this.#files = files;
    this.#concurrency = concurrency;
  }

  /** The handler of a job kind, for the commands that check who may retry or cancel it. */
  handlerOf(kind: string): JobHandler | undefined {
    return this.#handlers.get(kind);
  }

  get #db(): Kysely<Database> {
    return this.#database.db;
  }

  async start(): Promise<void> {
    this.#stopped = false;
    if (this.#database.kind === 'pglite') {
      // Only this process can have the embedded database open, so a job left running was interrupted.
      await sql`UPDATE job SET heartbeat_at = NULL WHERE status = 'running'`.execute(this.#db);
    }
    this.#timer = setInterval(() => this.poke(), jobTimings.pollMs);
    this.#heartbeat = setInterval(() => void this.#beat(), jobTimings.heartbeatMs);
    this.poke();
  }

  /** Looks for work now (called after a job is queued, so it starts without waiting for the poll). */
  poke(): void {
    if (this.#stopped || this.#polling) return;
    this.#polling = this.#fill()
      .catch((error: unknown) => this.#log.error({ err: error }, 'claiming jobs failed'))
      .finally(() => (this.#polling = undefined));
  }

  /** Stops claiming, aborts running jobs and hands them back to the queue so a restart resumes them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearInterval(this.#heartbeat);
    await this.#polling;
    for (const { controller } of this.#running.values()) controller.abort();
    await Promise.allSettled([...this.#running.values()].map((entry) => entry.done));
  }

  /** Aborts a running job of this process (cancelJob marks it cancelled first). */
  abort(jobId: number): void {
    this.#running.get(jobId)?.controller.abort();
  }

  /** Reads a job as clients see it and pushes it to the organization's job subscribers. */
  async announce(organizationId: number, jobId: number): Promise<void> {
    const row = (
      await sql<Record<string, unknown>>`SELECT ${JOB_SELECT} FROM job WHERE id = ${jobId}`.execute(this.#db)
    ).rows[0];
    if (!row) return;
    try {
      await this.#recordChanges.announce({ organizationId, type: 'job', records: [jobRecord(row) as never] });
    } catch (error) {
      this.#log.error({ err: error }, 'announcing a job failed');
    }
  }

  async #fill(): Promise<void> {
    while (!this.#stopped && this.#running.size < this.#concurrency) {
      const job = await this.#claim();
      if (!job) return;
      const controller = new AbortController();
      const done = this.#run(job, controller).finally(() => {
        this.#running.delete(job.id);
        this.#lastPush.delete(job.id);
        this.poke();
      });
      this.#running.set(job.id, { controller, done });
    }
  }

  async #claim(): Promise<ClaimedJob | undefined> {
    const staleBefore = new Date(Date.now() - jobTimings.staleAfterMs);
    const row = (
      await sql<Record<string, unknown>>`
        UPDATE job SET status = 'running', locked_by = ${this.processId}, heartbeat_at = now(),
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        WHERE id = (
          SELECT id FROM job
          WHERE (status = 'queued' AND (NOT approval_required OR approved_by IS NOT NULL))
             OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < ${staleBefore}))
          ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, organization_id, kind, name, params, checkpoint, created_by, attempts`.execute(this.#db)
    ).rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      organizationId: Number(row.organization_id),
      kind: row.kind as JobKind,
      name: String(row.name),
      params: (row.params ?? {}) as Record<string, unknown>,
      checkpoint: (row.checkpoint ?? null) as Record<string, unknown> | null,
      createdBy: row.created_by === null ? null : Number(row.created_by),
      attempts: Number(row.attempts),
    };
  }

  async #run(job: ClaimedJob, controller: AbortController): Promise<void> {
    const handler = this.#handlers.get(job.kind);
    await this.announce(job.organizationId, job.id);
    if (!handler) {
      await this.#finish(job, 'failed', null, {
        type: 'RequestProcessingError',
        message: errorMessage('RequestProcessingError'),
      });
      return;
    }
    if (job.attempts > jobTimings.maxAttempts) {
      await this.#finish(job, 'failed', null, {
        type: 'RequestProcessingError',
        message: errorMessage('RequestProcessingError'),
      });
      return;
    }
    const context: JobContext = {
      job,
      lockedBy: this.processId,
      database: this.#database,
      db: this.#db,
      log: this.#log.child({ jobId: job.id, kind: job.kind }),
      files: this.#files,
      recordChanges: this.#recordChanges,
      signal: controller.signal,
      reportProgress: (done, total) => this.#push(job, done, total),
    };
    try {
      const result = await handler.run(context);
      if (controller.signal.aborted) throw new JobLostError();
      await this.#finish(job, 'succeeded', result, null);
    } catch (error) {
      if (error instanceof JobLostError || controller.signal.aborted) {
        // Cancelled (already marked so) or stopping: a stopping process hands the job back to the queue.
        if (this.#stopped) {
          await sql`UPDATE job SET status = 'queued', locked_by = NULL, attempts = greatest(attempts - 1, 0), updated_at = now()
            WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.processId}`
            .execute(this.#db)
            .catch(() => {});
        }
        await this.announce(job.organizationId, job.id);
        return;
      }
      const failure =
        error instanceof HeraldError
          ? { type: error.type, message: error.message }
          : { type: 'RequestProcessingError', message: errorMessage('RequestProcessingError') };
      if (!(error instanceof HeraldError)) context.log.error({ err: error }, 'job failed');
      await this.#finish(job, 'failed', null, failure);
    }
  }

  async #finish(
    job: ClaimedJob,
    status: 'succeeded' | 'failed',
    result: Record<string, unknown> | null,
    failure: { type: string; message: string } | null,
  ): Promise<void> {
    await sql`UPDATE job SET status = ${status}, result = coalesce(${result === null ? null : JSON.stringify(result)}::jsonb, result),
        error = ${failure === null ? null : JSON.stringify(failure)}::jsonb, locked_by = NULL, finished_at = now(),
        updated_at = now(), progress_done = CASE WHEN ${status} = 'succeeded' THEN coalesce(progress_total, progress_done) ELSE progress_done END
      WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.processId}`.execute(this.#db);
    await this.announce(job.organizationId, job.id);
  }

  #push(job: ClaimedJob, done: number, total?: number | null): void {
    const now = Date.now();
    if (now - (this.#lastPush.get(job.id) ?? 0) < jobTimings.progressPushMs) return;
    this.#lastPush.set(job.id, now);
    const progress = { done, total: total ?? null };
    void sql`UPDATE job SET progress_done = ${done}, progress_total = coalesce(${total ?? null}, progress_total), updated_at = now()
        WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.processId} AND progress_done < ${done}`
      .execute(this.#db)
      .then(() => this.announce(job.organizationId, job.id))
      .catch((error: unknown) => this.#log.warn({ err: error, progress }, 'pushing job progress failed'));
  }

  async #beat(): Promise<void> {
    if (this.#running.size === 0) return;
    const ids = [...this.#running.keys()];
    try {
      const alive = await sql<{ id: number }>`UPDATE job SET heartbeat_at = now()
          WHERE id = ANY(${ids}::integer[]) AND status = 'running' AND locked_by = ${this.processId} RETURNING id`.execute(
        this.#db,
      );
      const still = new Set(alive.rows.map((row) => Number(row.id)));
      // Cancelled meanwhile (maybe from another process): stop the work.
      for (const id of ids) if (!still.has(id)) this.abort(id);
    } catch (error) {
      this.#log.warn({ err: error }, 'job heartbeat failed');
    }
  }
}
