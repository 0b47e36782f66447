import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { decodeHead, delimiterOf, type TextEncodingName } from '../uploads/detect-file-type.ts';
import { HEAD_BYTES } from '../uploads/content-probe.ts';

/** Where a delimited read is: bytes of the file consumed so far (for progress estimates). */
export interface ReadPosition {
  bytesRead: number;
}

/**
 * The rows of a CSV or TSV file, header first, streamed through csv-parse: byte-order mark dropped, quoted
 * fields may hold delimiters, quotes and newlines, LF or CRLF line ends, blank lines and rows of empty cells
 * skipped, rows of any length kept (relax_column_count). The delimiter is decided again from the file's head
 * (uploads/detect-file-type.ts), so a semicolon CSV reads as it was recognised. Windows-1252 text is decoded
 * before parsing; UTF-8 is decoded by csv-parse.
 */
export async function* readDelimitedRows(
  filePath: string,
  encoding: TextEncodingName,
  position: ReadPosition = { bytesRead: 0 },
): AsyncGenerator<string[]> {
  const delimiter = delimiterOf(decodeHead(await readHead(filePath), encoding));
  const file = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  file.on('data', (chunk) => (position.bytesRead += chunk.length));
  const source: Readable = encoding === 'utf-8' ? file : file.pipe(windows1252Decoder());
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      encoding: 'utf8',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }),
  );
  // A read error of the file (or of the decoder) reaches the consumer through the parser.
  file.on('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser) yield record as string[];
  } finally {
    file.destroy();
  }
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

/** Windows-1252 is single-byte, so each chunk decodes on its own. Node's Buffer has no such encoding. */
function windows1252Decoder(): Transform {
  const decoder = new TextDecoder('windows-1252');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, decoder.decode(chunk));
    },
  });
}
