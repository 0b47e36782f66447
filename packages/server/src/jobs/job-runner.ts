import { randomUUID } from 'node:crypto';
import { HeraldError, errorMessage, type Capability, type JobKind } from '@herald/protocol';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../database/connect.ts';
import { asBackgroundWork } from '../database/work-context.ts';
import type { Database } from '../database/schema.ts';
import type { RecordChanges } from '../live/record-changes.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { approvedCondition } from '../approvals/approvals.ts';
import type { SystemJobKind } from './enqueue-job.ts';
import { JOB_SELECT, jobRecord } from './job-record.ts';
import { nextOccurrence, type RepeatRule } from '@herald/protocol';
import type { Config } from '../config.ts';
import type { TrackingTokens } from '../tracking/tracking-token.ts';

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

/** A claimed job of no organization (a mail retry), as its runner's handler sees it (handleSystemJob). */
export interface SystemJob extends Omit<ClaimedJob, 'organizationId' | 'kind'> {
  organizationId: null;
  kind: SystemJobKind;
}

/** Does a system job's work; answers its result. `signal` aborts when the job is cancelled or the server stops. */
export type SystemJobHandler = (job: SystemJob, signal: AbortSignal) => Promise<Record<string, unknown>>;

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
  /** The server's configuration and signers, for work that builds links or reaches providers (delivery). */
  services?: JobServices;
}

/** What of the server's services a job may need besides the database (given with JobRunner.useServices). */
export interface JobServices {
  config: Config;
  trackingTokens: TrackingTokens;
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

/** What a failed job records: the HeraldError it failed with, or a processing error without details. */
function failureOf(error: unknown): { type: string; message: string } {
  return error instanceof HeraldError
    ? { type: error.type, message: error.message }
    : { type: 'RequestProcessingError', message: errorMessage('RequestProcessingError') };
}

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
  run: <Row>(statement: RawBuilder<Row>) => Promise<Row[]>,
  context: Pick<JobContext, 'job' | 'lockedBy'>,
  progress: { done: number; total?: number | null | undefined; checkpoint: Record<string, unknown> },
): Promise<void> {
  const rows = await run(sql<{ id: number }>`
    UPDATE job SET progress_done = ${progress.done},
      progress_total = coalesce(${progress.total ?? null}::integer, progress_total),
      checkpoint = ${JSON.stringify(progress.checkpoint)}::jsonb, updated_at = now(), heartbeat_at = now()
    WHERE id = ${context.job.id} AND status = 'running' AND locked_by = ${context.lockedBy} RETURNING id`);
  if (rows.length === 0) throw new JobLostError();
}

/**
 * Runs queued jobs in this process, at most `concurrency` at a time. Jobs live in the `job` table: a process
 * claims one with FOR UPDATE SKIP LOCKED, keeps a heartbeat while it works, and records the outcome. A job
 * whose process died (heartbeat older than staleAfterMs, or, on the embedded database, any job left running,
 * since only one process can open it) is claimed again and resumes from its checkpoint. Several processes on
 * one PostgreSQL share the queue this way. (pg-boss would do the queueing, but a job here must also be a
 * queryable record with progress and a checkpoint written in the work's own transaction, which is this table.)
 *
 * It is Herald's one scheduler: a job waits until its run_at, and a repeating one (protocol schedule/repeat-rule.ts) queues its
 * next occurrence when it finishes, so calculation schedules and mail retries are jobs like any other. It
 * looks for due work every pollMs.
 */
export class JobRunner {
  readonly processId = randomUUID();
  readonly #database: DatabaseHandle;
  readonly #log: FastifyBaseLogger;
  readonly #recordChanges: RecordChanges;
  readonly #files: FileStore;
  readonly #concurrency: number;
  readonly #running = new Map<
    number,
    { controller: AbortController; done: Promise<void>; spreadKey: string | undefined }
  >();
  #services: JobServices | undefined;
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #stopped = true;
  #polling: Promise<void> | undefined;
  readonly #lastPush = new Map<number, number>();
  readonly #systemHandlers = new Map<SystemJobKind, SystemJobHandler>();

  readonly #handlers: JobHandlers;

  constructor(
    database: DatabaseHandle,
    recordChanges: RecordChanges,
    log: FastifyBaseLogger,
    files: FileStore,
    handlers: JobHandlers,
    concurrency = 4,
  ) {
    this.#handlers = handlers;
    this.#database = database;
    this.#recordChanges = recordChanges;
    this.#log = log;
    this.#files = files;
    this.#concurrency = concurrency;
  }

  /** Gives jobs the server's configuration and signers (services.ts, once they exist). */
  useServices(services: JobServices): void {
    this.#services = services;
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
    // On the embedded database the runner's own polling is background work: interactive work there is a person
    // waiting (connection-queue.ts), and an import shortens its transactions while there is some
    // (import-job.ts). PostgreSQL has no such queue, and there the polling stays as it was: run in this context,
    // two server processes beside other test servers once failed to start their scheduled deployments.
    const own = this.#database.kind === 'pglite' ? asBackgroundWork : <T>(work: () => T): T => work();
    this.#timer = setInterval(() => own(() => this.poke()), jobTimings.pollMs);
    this.#heartbeat = setInterval(() => void own(() => this.#beat()), jobTimings.heartbeatMs);
    this.poke();
  }

  /**
   * Has this runner do the system jobs of `kind` (work of no organization, such as mail retries, whose handler
   * needs this process's services). Only runners that handle a system kind claim its jobs.
   */
  handleSystemJob(kind: SystemJobKind, handler: SystemJobHandler): void {
    this.#systemHandlers.set(kind, handler);
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

  /** Reads a job as clients see it and pushes it to the organization's job subscribers (none for a system job). */
  async announce(organizationId: number | null, jobId: number): Promise<void> {
    if (organizationId === null) return;
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
      // A job's statements wait behind the console's on the embedded database (work-context.ts).
      const done = asBackgroundWork(() => this.#run(job, controller)).finally(() => {
        this.#running.delete(job.id);
        this.#lastPush.delete(job.id);
        this.poke();
      });
      const spreadKey = typeof job.params.spreadKey === 'string' ? job.params.spreadKey : undefined;
      this.#running.set(job.id, { controller, done, spreadKey });
    }
  }

  /**
   * Takes the next job: a queued one that is due (run_at) and approved if approval was asked for, or one whose
   * process died. System jobs are taken only by a runner that handles their kind.
   */
  async #claim(): Promise<ClaimedJob | SystemJob | undefined> {
    const staleBefore = new Date(Date.now() - jobTimings.staleAfterMs);
    const systemKinds = [...this.#systemHandlers.keys()];
    // A job this runner is running looks abandoned when a long statement kept its heartbeat from being
    // written (the embedded database's one connection was busy): it is never taken again here, or the same
    // work would start over beside itself, and again each time the statement ran long.
    const ownRunning = [...this.#running.keys()];
    // Jobs that share a spread key (a delivery run's workers) are for different processes: one here at a time,
    // so that the others are left for another process sharing the database to take.
    const ownSpreadKeys = [...this.#running.values()].flatMap((entry) =>
      entry.spreadKey === undefined ? [] : [entry.spreadKey],
    );
    const row = (
      await sql<Record<string, unknown>>`
        UPDATE job SET status = 'running', locked_by = ${this.processId}, heartbeat_at = now(),
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        WHERE id = (
          SELECT id FROM job
          WHERE ((status = 'queued' AND run_at <= now() AND ${approvedCondition('job', 'job.id')})
              OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < ${staleBefore})
                AND id <> ALL(${ownRunning}::integer[])))
            AND (organization_id IS NOT NULL OR kind = ANY(${systemKinds}::text[]))
            AND (params ->> 'spreadKey' IS NULL OR params ->> 'spreadKey' <> ALL(${ownSpreadKeys}::text[]))
          ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, organization_id, kind, name, params, checkpoint, created_by, attempts`.execute(this.#db)
    ).rows[0];
    if (!row) return undefined;
    const claimed = {
      id: Number(row.id),
      name: String(row.name),
      params: (row.params ?? {}) as Record<string, unknown>,
      checkpoint: (row.checkpoint ?? null) as Record<string, unknown> | null,
      createdBy: row.created_by === null ? null : Number(row.created_by),
      attempts: Number(row.attempts),
    };
    if (row.organization_id === null) return { ...claimed, organizationId: null, kind: String(row.kind) };
    return { ...claimed, organizationId: Number(row.organization_id), kind: row.kind as JobKind };
  }

  async #run(job: ClaimedJob | SystemJob, controller: AbortController): Promise<void> {
    if (job.organizationId === null) return this.#runSystem(job, controller);
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
      services: this.#services,
    };
    try {
      const result = await handler.run(context);
      if (controller.signal.aborted) throw new JobLostError();
      await this.#finish(job, 'succeeded', result, null);
    } catch (error) {
      if (error instanceof JobLostError || controller.signal.aborted) {
        // Cancelled (already marked so) or stopping: a stopping process hands the job back to the queue.
        if (this.#stopped) await this.#handBack(job);
        await this.announce(job.organizationId, job.id);
        return;
      }
      if (!(error instanceof HeraldError)) context.log.error({ err: error }, 'job failed');
      await this.#finish(job, 'failed', null, failureOf(error));
    }
  }

  async #runSystem(job: SystemJob, controller: AbortController): Promise<void> {
    const handler = this.#systemHandlers.get(job.kind);
    try {
      if (!handler || job.attempts > jobTimings.maxAttempts) throw new HeraldError('RequestProcessingError');
      const result = await handler(job, controller.signal);
      if (controller.signal.aborted) throw new JobLostError();
      await this.#finish(job, 'succeeded', result, null);
    } catch (error) {
      if (error instanceof JobLostError || controller.signal.aborted) {
        if (this.#stopped) await this.#handBack(job);
        return;
      }
      if (!(error instanceof HeraldError))
        this.#log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await this.#finish(job, 'failed', null, failureOf(error));
    }
  }

  /**
   * Records the outcome, and for a repeating job queues its next occurrence, the first after now, in the same
   * transaction: only the process holding the claim can record it, so the next occurrence is queued exactly
   * once however many processes share the queue. A series already holding a queued occurrence (its schedule
   * was changed meanwhile) keeps that one. A result with `endSeries: true` ends the schedule instead.
   */
  async #finish(
    job: ClaimedJob | SystemJob,
    status: 'succeeded' | 'failed',
    result: Record<string, unknown> | null,
    failure: { type: string; message: string } | null,
  ): Promise<void> {
    const next = await this.#db.transaction().execute(async (trx) => {
      const finished = (
        await sql<{
          repeat: RepeatRule | null;
        }>`UPDATE job SET status = ${status}, result = coalesce(${result === null ? null : JSON.stringify(result)}::jsonb, result),
          error = ${failure === null ? null : JSON.stringify(failure)}::jsonb, locked_by = NULL, finished_at = now(),
          updated_at = now(), progress_done = CASE WHEN ${status} = 'succeeded' THEN coalesce(progress_total, progress_done) ELSE progress_done END
        WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.processId} RETURNING repeat`.execute(
          trx,
        )
      ).rows[0];
      // A handler may end its series (a deployment aborted past its send limit): no further occurrence.
      if (!finished?.repeat || result?.endSeries === true) return undefined;
      const runAt = nextOccurrence(finished.repeat, new Date());
      return (
        await sql<{
          id: number;
        }>`INSERT INTO job (organization_id, kind, name, params, created_by, run_at, repeat, series)
          SELECT organization_id, kind, name, params, created_by, ${runAt}, repeat, series FROM job WHERE id = ${job.id}
          ON CONFLICT (series) WHERE status = 'queued' DO NOTHING RETURNING id`.execute(trx)
      ).rows[0];
    });
    await this.announce(job.organizationId, job.id);
    if (next) await this.announce(job.organizationId, Number(next.id));
  }

  /** A stopping process hands its job back to the queue, so a restart resumes it. */
  async #handBack(job: ClaimedJob | SystemJob): Promise<void> {
    await sql`UPDATE job SET status = 'queued', locked_by = NULL, attempts = greatest(attempts - 1, 0), updated_at = now()
      WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.processId}`
      .execute(this.#db)
      .catch(() => {});
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
