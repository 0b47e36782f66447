import { importLimits } from './import-limits.ts';
import { errorOfFailureMessage, errorOfWorkerDeath, startParseWorker } from './parse-worker.ts';
import type { WorkbookRowsInput, WorkbookRowsMessage } from './workbook-rows-worker.ts';

/**
 * The first `maxRows` rows of a workbook (header first), read on a worker thread with the import worker's
 * capped heap (importLimits.parseWorkerHeapMb.workbook). SheetJS reads a workbook whole and synchronously:
 * on the server's thread a 1.6 MB workbook that unpacked to 400 MB held every client 35 s and took the
 * process to 4.6 GB. Here the server's thread only waits for one message, and a workbook too large for the
 * heap answers ImportFileTooLargeError while the server goes on. A worker starts in about 0.2 s compiled.
 */
export function readWorkbookInWorker(filePath: string, maxRows: number): Promise<string[][]> {
  const heapMb = importLimits.parseWorkerHeapMb.workbook;
  const input: WorkbookRowsInput = { filePath, maxRows, limits: importLimits };
  const worker = startParseWorker('workbook-rows-worker', input, heapMb);
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.on('message', (message: WorkbookRowsMessage) => {
      answered = true;
      if (message.type === 'rows') resolve(message.rows);
      else reject(errorOfFailureMessage(message));
    });
    worker.on('error', (error) => reject(errorOfWorkerDeath(error, heapMb)));
    worker.on('exit', (code) => {
      if (!answered) reject(new Error(`The workbook reading worker stopped early (exit code ${code})`));
    });
  });
}
