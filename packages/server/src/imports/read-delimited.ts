import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { HeraldError } from '@herald/protocol';
import Papa from 'papaparse';
import { decodeHead, delimiterOf, type TextEncodingName } from '../uploads/detect-file-type.ts';
import { HEAD_BYTES } from '../uploads/content-probe.ts';
import { importLimits } from './import-limits.ts';

/** Where a delimited read is: bytes of the file consumed so far (for progress estimates). */
export interface ReadPosition {
  bytesRead: number;
}

/**
 * The rows of a CSV or TSV file, header first: byte-order mark dropped, quoted fields may hold delimiters,
 * quotes and line ends, a stray quote inside an unquoted field kept as it is, rows of any length kept, and
 * blank rows (every cell empty or spaces) skipped. The delimiter and the line end are decided from the file's
 * head (uploads/detect-file-type.ts), so a semicolon CSV reads as it was recognised. Windows-1252 and UTF-8
 * are decoded chunk by chunk (a character split between chunks is kept whole).
 *
 * Parsing is papaparse's core parser, fed one chunk at a time with the unfinished last row carried into the
 * next: it read the 1M-row benchmark file in about a quarter of csv-parse's time, which was the largest
 * share of an import's own work. Its streaming front end is not used, so that back-pressure stays the
 * consumer's: the next chunk is read only when the rows before it were taken.
 */
export async function* readDelimitedRows(
  filePath: string,
  encoding: TextEncodingName,
  position: ReadPosition = { bytesRead: 0 },
): AsyncGenerator<string[]> {
  for await (const rows of readDelimitedChunks(filePath, encoding, position)) yield* rows;
}

/**
 * The same rows, a file chunk's worth at a time: an import takes them this way, since an async step per
 * row (three generators deep) cost more than parsing the row did.
 */
export async function* readDelimitedChunks(
  filePath: string,
  encoding: TextEncodingName,
  position: ReadPosition = { bytesRead: 0 },
): AsyncGenerator<string[][]> {
  const head = decodeHead(await readHead(filePath), encoding);
  const parser = new Papa.Parser({ delimiter: delimiterOf(head), newline: lineEndOf(head), quoteChar: '"' });
  // TextDecoder drops a leading byte-order mark (ignoreBOM is false by default).
  const decoder = new TextDecoder(encoding);
  const file = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  let unfinished = '';
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      position.bytesRead += chunk.length;
      const text = unfinished + decoder.decode(chunk, { stream: true });
      // ignoreLastRow: the last row may continue in the next chunk; the cursor says where it starts.
      const parsed = parser.parse(text, 0, true) as Papa.ParseResult<string[]>;
      unfinished = text.slice(parsed.meta.cursor);
      // The unfinished row is parsed again with each chunk: unbounded (a quote never closed), a 30 MB file
      // held the server's thread 23 s, a few hundred ms a chunk, before its preview's first row.
      if (unfinished.length > importLimits.maxRowCharacters)
        throw new HeraldError('ImportFileTooLargeError', {
          values: { limit: `${importLimits.maxRowCharacters.toLocaleString('en')}-character row` },
        });
      yield filledRows(parsed.data);
    }
    const rest = unfinished + decoder.decode();
    if (rest !== '') yield filledRows((parser.parse(rest, 0, false) as Papa.ParseResult<string[]>).data);
  } finally {
    file.destroy();
  }
}

function filledRows(rows: string[][]): string[][] {
  return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
}

/**
 * The file's line end, from the first one outside quotes in its head: CRLF, LF, or a lone CR (old Mac
 * exports). A file is read with one line end throughout, as spreadsheets write them.
 */
export function lineEndOf(head: string): '\r\n' | '\n' | '\r' {
  const unquoted = head.replace(/"(?:[^"]|"")*"/g, '""');
  const lineFeed = unquoted.indexOf('\n');
  if (lineFeed > 0 && unquoted[lineFeed - 1] === '\r') return '\r\n';
  if (lineFeed === -1 && unquoted.includes('\r')) return '\r';
  return '\n';
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
