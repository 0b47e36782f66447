import { parentPort, workerData } from 'node:worker_threads';
import type { ImportColumn } from './import-columns.ts';
import { importLimits } from './import-limits.ts';
import { openUploadRows, type UploadFile } from './import-source.ts';
import type { MergePlan, PreparedBatch } from './merge-batch.ts';
import { failureMessageOf, type ParseWorkerFailure } from './parse-worker.ts';
import { prepareBatches } from './prepare-batches.ts';

/** What prepare-in-worker.ts gives the worker (structured-cloned: Maps and RegExps survive the copy). */
export interface BatchWorkerInput {
  upload: UploadFile;
  columns: ImportColumn[];
  plan: MergePlan;
  batchRows: number;
  skipRows: number;
  /** The server's limits, which tests lower: the worker's own copy of import-limits.ts starts at the defaults. */
  limits: typeof importLimits;
}

/** What the import asks the worker for: the next batch, of at most this many rows from now on. */
export interface BatchWorkerRequest {
  type: 'next';
  batchRows: number;
}

/** Messages the worker sends: the row total first, then one batch per request, then done or an error. */
export type BatchWorkerMessage =
  | { type: 'total'; total: number }
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'done' }
  | ParseWorkerFailure;

/**
 * The parsing side of an import, on a thread of its own (prepare-in-worker.ts says why): reads the upload,
 * validates its rows and turns them into COPY batches, sending one batch each time the import asks for the
 * next, so it never runs more than one batch ahead of the database. Each request gives the batch's size (the
 * embedded database's import shortens its batches while people use the console).
 */
async function run(port: NonNullable<typeof parentPort>, input: BatchWorkerInput): Promise<void> {
  let requested = 0;
  let wake: (() => void) | undefined;
  const sizing = { batchRows: input.batchRows, skipRows: input.skipRows };
  port.on('message', (message: BatchWorkerRequest) => {
    if (message.type !== 'next') return;
    sizing.batchRows = message.batchRows;
    requested += 1;
    wake?.();
  });
  const post = (message: BatchWorkerMessage) => port.postMessage(message);
  Object.assign(importLimits, input.limits);
  try {
    const source = await openUploadRows(input.upload);
    post({ type: 'total', total: source.total });
    const batches = prepareBatches(source.rows, input.columns, input.plan, sizing);
    // Each batch is prepared once asked for, at the size asked then (the import asks for the next batch as it
    // starts merging one, so parsing still overlaps the database's work).
    for (;;) {
      while (requested === 0) await new Promise<void>((resolve) => (wake = resolve));
      requested -= 1;
      const next = await batches.next();
      if (next.done) break;
      const batch = next.value;
      port.postMessage({ type: 'batch', batch } satisfies BatchWorkerMessage, [
        batch.staging.buffer as ArrayBuffer,
        batch.rejections.buffer as ArrayBuffer,
      ]);
    }
    post({ type: 'done' });
  } catch (error) {
    post(failureMessageOf(error));
  } finally {
    port.close();
  }
}

if (parentPort) void run(parentPort, workerData as BatchWorkerInput);
