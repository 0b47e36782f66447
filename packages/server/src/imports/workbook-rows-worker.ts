import { parentPort, workerData } from 'node:worker_threads';
import { importLimits } from './import-limits.ts';
import { failureMessageOf, type ParseWorkerFailure } from './parse-worker.ts';
import { readWorkbookRows } from './read-workbook.ts';

/** What read-workbook-in-worker.ts gives the worker. */
export interface WorkbookRowsInput {
  filePath: string;
  /** Rows to answer at most, the header included (a preview needs a handful, a header check one). */
  maxRows: number;
  /** The server's limits, which tests lower: the worker's own copy of import-limits.ts starts at the defaults. */
  limits: typeof importLimits;
}

/** The worker's one answer: the rows read, or the error that stopped it. */
export type WorkbookRowsMessage = { type: 'rows'; rows: string[][] } | ParseWorkerFailure;

/**
 * Reads a workbook's first rows on a thread of its own (read-workbook-in-worker.ts says why) and answers them
 * in one message. SheetJS still parses the whole workbook, but in this thread's capped heap.
 */
async function run(port: NonNullable<typeof parentPort>, input: WorkbookRowsInput): Promise<void> {
  Object.assign(importLimits, input.limits);
  try {
    const rows: string[][] = [];
    if (input.maxRows > 0)
      for await (const row of readWorkbookRows(input.filePath)) {
        rows.push(row);
        if (rows.length >= input.maxRows) break;
      }
    port.postMessage({ type: 'rows', rows } satisfies WorkbookRowsMessage);
  } catch (error) {
    port.postMessage(failureMessageOf(error) satisfies WorkbookRowsMessage);
  } finally {
    port.close();
  }
}

if (parentPort) void run(parentPort, workerData as WorkbookRowsInput);
