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

/** Messages the worker sends: the row total first, then one batch per request, then done or an error. */
export type BatchWorkerMessage =
  | { type: 'total'; total: number }
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'done' }
  | ParseWorkerFailure;

/**
 * The parsing side of an import, on a thread of its own (prepare-in-worker.ts says why): reads the upload,
 * validates its rows and turns them into COPY batches, sending one batch each time the import asks for the
 * next, so it never runs more than one batch ahead of the database.
 */
async function run(port: NonNullable<typeof parentPort>, input: BatchWorkerInput): Promise<void> {
  let requested = 0;
  let wake: (() => void) | undefined;
  port.on('message', (message: 'next') => {
    if (message !== 'next') return;
    requested += 1;
    wake?.();
  });
  const post = (message: BatchWorkerMessage) => port.postMessage(message);
  Object.assign(importLimits, input.limits);
  try {
    const source = await openUploadRows(input.upload);
    post({ type: 'total', total: source.total });
    const batches = prepareBatches(source.rows, input.columns, input.plan, {
      batchRows: input.batchRows,
      skipRows: input.skipRows,
    });
    for await (const batch of batches) {
      while (requested === 0) await new Promise<void>((resolve) => (wake = resolve));
      requested -= 1;
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
