import type { StoredUpload } from '../uploads/upload-store.ts';
import { readDelimitedRows } from './read-delimited.ts';
import { readWorkbookInWorker } from './read-workbook-in-worker.ts';

/**
 * An upload's rows, header first, whatever its type, at most `maxRows` of them (the header included). A
 * workbook's are read on a worker (read-workbook-in-worker.ts), which answers at most that many; a text
 * file is streamed here and read no further than its reader is iterated, so it needs no limit.
 */
export function readUploadRows(
  upload: StoredUpload,
  maxRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<string[]> {
  if (upload.fileType === 'xls' || upload.fileType === 'xlsx') return workbookRows(upload.path, maxRows);
  return readDelimitedRows(upload.path, upload.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8');
}

async function* workbookRows(filePath: string, maxRows: number): AsyncGenerator<string[]> {
  yield* await readWorkbookInWorker(filePath, maxRows);
}

/** The header and up to `count` rows after it (previewImportFile, and reading an import's header). */
export async function readHeadRows(
  upload: StoredUpload,
  count: number,
): Promise<{ header: string[]; rows: string[][] }> {
  const rows = readUploadRows(upload, count + 1);
  let header: string[] | undefined;
  const first: string[][] = [];
  try {
    for await (const row of rows) {
      if (header === undefined) header = row;
      else first.push(row);
      if (first.length >= count) break;
    }
  } finally {
    await rows.return(undefined);
  }
  return { header: header ?? [], rows: first };
}
