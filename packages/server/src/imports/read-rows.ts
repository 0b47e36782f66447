import type { StoredUpload } from '../uploads/upload-store.ts';
import { readDelimitedRows, type ReadPosition } from './read-delimited.ts';
import { readWorkbookRows } from './read-workbook.ts';

/** An upload's rows, header first, whatever its type (a reader per format). */
export function readUploadRows(upload: StoredUpload, position?: ReadPosition): AsyncGenerator<string[]> {
  if (upload.fileType === 'xls' || upload.fileType === 'xlsx') return readWorkbookRows(upload.path);
  return readDelimitedRows(
    upload.path,
    upload.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8',
    position,
  );
}

/** The header and up to `count` rows after it (previewImportFile, and reading an import's header). */
export async function readHeadRows(
  upload: StoredUpload,
  count: number,
): Promise<{ header: string[]; rows: string[][] }> {
  const rows = readUploadRows(upload);
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
