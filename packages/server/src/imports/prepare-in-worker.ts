import type { Worker } from 'node:worker_threads';
import type { BatchWorkerInput, BatchWorkerMessage, BatchWorkerRequest } from './batch-worker.ts';
import { importLimits } from './import-limits.ts';
import type { PreparedBatch } from './merge-batch.ts';
import { errorOfFailureMessage, errorOfWorkerDeath, startParseWorker } from './parse-worker.ts';

/** An upload being parsed on its worker: the row total (an estimate for text files) and the batches. */
export interface WorkerBatches {
  total: number;
  batches: AsyncGenerator<PreparedBatch>;
}

/**
 * Parses an upload's rows into batches on a worker thread. Two reasons: the parsing and the database work
 * then run on two cores even with the embedded database (which runs on the server's own thread), and the
 * parser's garbage stays in a heap of its own, capped (importLimits.parseWorkerHeapMb), instead of growing
 * the server's: a million-row import kept the server near 1 GB without it, nearly all of it garbage V8 had
 * not yet collected. A workbook too large for the cap fails its import (ImportFileTooLargeError), not the
 * server.
 */
export async function prepareBatchesInWorker(
  input: BatchWorkerInput,
  /** The size of the batches asked for from now on; input.batchRows throughout when not given. */
  batchRowsNow: () => number = () => input.batchRows,
): Promise<WorkerBatches> {
  const workbook = input.upload.fileType === 'xls' || input.upload.fileType === 'xlsx';
  const heapMb = workbook ? importLimits.parseWorkerHeapMb.workbook : importLimits.parseWorkerHeapMb.text;
  const worker = startParseWorker('batch-worker', input, heapMb);
  const inbox: BatchWorkerMessage[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  let ended = false;
  worker.on('message', (message: BatchWorkerMessage) => {
    if (message.type === 'done' || message.type === 'error') ended = true;
    inbox.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = errorOfWorkerDeath(error, heapMb);
    wake?.();
  });
  // A worker that stops without saying it is done (out of memory, killed) fails the import: the rows it did
  // not send must not pass for the end of the file.
  worker.on('exit', (code) => {
    if (!ended) failure ??= new Error(`The import's parsing worker stopped early (exit code ${code})`);
    wake?.();
  });
  const receive = async (): Promise<BatchWorkerMessage> => {
    for (;;) {
      const message = inbox.shift();
      if (message?.type === 'error') throw errorOfFailureMessage(message);
      if (message) return message;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  try {
    const first = await receive();
    if (first.type !== 'total') throw new Error('The parsing worker sent no row total');
    return { total: first.total, batches: batchesOf(worker, receive, batchRowsNow) };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}

async function* batchesOf(
  worker: Worker,
  receive: () => Promise<BatchWorkerMessage>,
  batchRowsNow: () => number,
): AsyncGenerator<PreparedBatch> {
  try {
    for (;;) {
      worker.postMessage({ type: 'next', batchRows: batchRowsNow() } satisfies BatchWorkerRequest);
      const message = await receive();
      if (message.type !== 'batch') return;
      yield message.batch;
    }
  } finally {
    await worker.terminate();
  }
}
