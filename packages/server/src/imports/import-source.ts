import { createReadStream } from 'node:fs';
import { HeraldError } from '@herald/protocol';
import type { StoredUpload } from '../uploads/upload-store.ts';
import { importLimits } from './import-limits.ts';
import type { RowChunk } from './prepare-batches.ts';
import { readDelimitedChunks, readDelimitedRows } from './read-delimited.ts';
import { readWorkbookRows } from './read-workbook.ts';

/** An import's data rows, numbered, in chunks, with an estimate of how many there are (for progress). */
export interface ImportSource {
  rows: AsyncIterable<RowChunk>;
  /** Data rows expected in all (exact for inline data and workbooks, line ends less the header's for text). */
  total: number;
}

export type InlineCell = string | number | boolean | null;

/** An import's inline `data` rows, numbered from 1 (an upload's are read by openUploadRows, on a worker). */
export function inlineImportSource(data: readonly (readonly InlineCell[])[]): ImportSource {
  return { rows: numbered(data, 1), total: data.length };
}

/** An upload's file as an import reads it (the part of StoredUpload a parsing worker is given). */
export type UploadFile = Pick<StoredUpload, 'path' | 'fileType' | 'encoding'>;

/**
 * The data rows of an uploaded file after its header (the header is row 1, so the first data row is row 2, as
 * a spreadsheet shows it), on the import's parsing worker (batch-worker.ts). A file with more data rows than
 * importLimits.maxRows is refused whole, before anything is written: text files are counted by their line
 * ends first (a fast byte scan; only when that count is over the limit are records counted by parsing, since
 * quoted fields may hold line ends), workbooks are in memory anyway.
 */
export async function openUploadRows(upload: UploadFile): Promise<ImportSource> {
  if (upload.fileType === 'xls' || upload.fileType === 'xlsx') {
    const all: string[][] = [];
    for await (const row of readWorkbookRows(upload.path)) all.push(row);
    const dataRows = all.slice(1);
    refuseOverLimit(dataRows.length);
    return { rows: numbered(dataRows, 2), total: dataRows.length };
  }
  const encoding = upload.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8';
  let lineEnds = await countLineEnds(upload.path);
  if (lineEnds > importLimits.maxRows) {
    lineEnds = 0;
    for await (const row of readDelimitedRows(upload.path, encoding)) if (row) lineEnds += 1;
    refuseOverLimit(lineEnds - 1);
  }
  return { rows: afterHeader(readDelimitedChunks(upload.path, encoding)), total: Math.max(lineEnds - 1, 1) };
}

function refuseOverLimit(dataRows: number): void {
  if (dataRows > importLimits.maxRows)
    throw new HeraldError('ImportTooManyRowsError', {
      values: { limit: importLimits.maxRows.toLocaleString('en') },
    });
}

/** Rows taken from an array a slice at a time, handing the event loop back between slices. */
const ARRAY_CHUNK_ROWS = 5000;

async function* numbered(rows: readonly (readonly unknown[])[], first: number): AsyncGenerator<RowChunk> {
  for (let index = 0; index < rows.length; index += ARRAY_CHUNK_ROWS) {
    yield { firstRowNumber: index + first, rows: rows.slice(index, index + ARRAY_CHUNK_ROWS) };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The chunks after the header row (row 1), the first data row numbered 2. */
async function* afterHeader(chunks: AsyncIterable<string[][]>): AsyncGenerator<RowChunk> {
  let rowNumber = 1;
  let header = true;
  for await (const rows of chunks) {
    const data = header && rows.length > 0 ? rows.slice(1) : rows;
    if (rows.length > 0) header = false;
    if (data.length === 0) continue;
    yield { firstRowNumber: rowNumber + 1, rows: data };
    rowNumber += data.length;
  }
}

async function countLineEnds(filePath: string): Promise<number> {
  let count = 0;
  for await (const chunk of createReadStream(filePath, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  }
  return count;
}
