import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the embedded database's queue needs to know of the code running now (pglite-dialect.ts). PostgreSQL
 * has a pool, statement_timeout and pg_cancel_backend, and needs neither.
 *
 * - Whether it is background work (a job: an import, a generation, an export) rather than something a
 *   person waits on. The embedded database has one connection; between transactions it goes to the
 *   console's interactive work first, so a user's page is not queued behind every batch of a long job.
 * - Whether it watches background work (a person's screen polling a job's progress) rather than browsing: it
 *   goes before jobs like any interactive work, but does not make an import shorten its batches as browsing
 *   does (imports/batch-sizing.ts). The import page polls its job every 2 s; counted as browsing, that made
 *   every watched import on PGlite take its short batches, at about half the speed.
 * - The signal of the query it serves, if any: a query answered already (timed out, or superseded by a newer
 *   one) sends no further statement to the database. PGlite cannot interrupt a statement once it runs, so
 *   this keeps abandoned work from holding the one connection at all.
 */
const background = new AsyncLocalStorage<true>();
const watching = new AsyncLocalStorage<true>();
const querySignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work`, and everything it starts, as background work. */
export function asBackgroundWork<T>(work: () => T): T {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/** Runs `work`, and everything it starts, as watching background work (a job's progress). */
export function asWatchingWork<T>(work: () => T): T {
  return watching.run(true, work);
}

export function isWatchingWork(): boolean {
  return watching.getStore() === true;
}

/** Runs `work` for a query that `signal` abandons: no statement of it starts once the signal is aborted. */
export function withQuerySignal<T>(signal: AbortSignal, work: () => T): T {
  return querySignal.run(signal, work);
}

/** Throws the abandoning reason when the query being served was abandoned. */
export function throwIfQueryAbandoned(): void {
  querySignal.getStore()?.throwIfAborted();
}
