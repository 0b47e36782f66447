import { Worker } from 'node:worker_threads';
import { HeraldError, type ErrorType } from '@herald/protocol';
import { byteSizeText } from './import-limits.ts';

/** The worker entry points beside this module; scripts/server-build.mjs compiles each to dist/<entry>.js. */
export type ParseWorkerEntry = 'batch-worker' | 'workbook-rows-worker';

/** How a worker reports a failure: a HeraldError keeps its type and details across the copy. */
export interface ParseWorkerFailure {
  type: 'error';
  message: string;
  heraldType?: string;
  details?: HeraldError['details'];
}

/**
 * Starts an upload-parsing worker with its old-generation heap capped at `heapMb`, so that what it parses
 * (a whole workbook, for SheetJS) grows that heap and not the server's, and a file too large for it fails
 * the request that asked, not the server.
 *
 * The worker runs the same kind of code as the server: compiled (`npm start`), this module is part of
 * dist/main.js and the worker is dist/<entry>.js beside it; from the TypeScript sources (tests, tsx) the
 * worker registers tsx's loader before importing <entry>.ts.
 */
export function startParseWorker(entry: ParseWorkerEntry, workerData: unknown, heapMb: number): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  const compiled = import.meta.url.endsWith('.js');
  const url = new URL(`./${entry}.${compiled ? 'js' : 'ts'}`, import.meta.url);
  return compiled
    ? new Worker(url, options)
    : new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`,
        { ...options, eval: true },
      );
}

/** The message a worker sends for an error it caught (the worker side of errorOfFailureMessage). */
export function failureMessageOf(error: unknown): ParseWorkerFailure {
  return error instanceof HeraldError
    ? { type: 'error', message: error.message, heraldType: error.type, details: error.details }
    : { type: 'error', message: error instanceof Error ? error.message : String(error) };
}

/** The error a worker's failure message stands for: the HeraldError it caught, or a plain Error. */
export function errorOfFailureMessage(message: ParseWorkerFailure): Error {
  if (!message.heraldType) return new Error(message.message);
  const error = new HeraldError(
    message.heraldType as ErrorType,
    message.details ? { details: message.details } : {},
  );
  error.message = message.message;
  return error;
}

/**
 * The error for a worker that died: one that ran out of its capped heap was given a file too large to
 * parse, which the user is told as such (ImportFileTooLargeError), not as the server's failure.
 */
export function errorOfWorkerDeath(error: Error, heapMb: number): Error {
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new HeraldError('ImportFileTooLargeError', {
      values: { limit: `${byteSizeText(heapMb * 1024 * 1024)} parsed` },
    });
  return error;
}
