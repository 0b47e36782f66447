import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import yazl from 'yazl';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { EXTRACT_LIFETIME_MS, type FileStore } from '../uploads/file-store.ts';
import { workbookBytes } from './extract-workbook.ts';
import { formulaSafe } from './formula-safe.ts';

/** One file inside an extract's zip: a CSV, or (format xlsx) a workbook of one sheet. */
export interface ExtractCsv {
  /** The file's name inside the zip, e.g. "subscribers.csv" or "subscribers.xlsx". */
  fileName: string;
  /** csv unless said otherwise. */
  format?: 'csv' | 'xlsx';
  header: readonly string[];
  rows: AsyncIterable<readonly unknown[]>;
}

export interface WrittenExtract {
  /** The `{name}` of POST /uiv5-extract/{organization}/{name}.zip. */
  name: string;
  size: number;
  rows: number;
}

/**
 * Writes a zip of CSV files or workbooks (a CSV is UTF-8 with a byte-order mark, so Excel reads accents right; every cell
 * formula-safe) to the extracts folder and records it for download. Streams: rows are never held whole.
 * `baseName` (letters, digits, dashes) starts the file name; a random suffix makes it unguessable.
 */
export async function writeCsvExtract(
  db: Kysely<Database>,
  files: FileStore,
  extract: {
    organizationId: number;
    jobId: number | null;
    createdBy: number | null;
    baseName: string;
    csvs: readonly ExtractCsv[];
    onRow?: (rows: number) => void;
  },
): Promise<WrittenExtract> {
  const safeBase = extract.baseName.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60) || 'extract';
  const name = `${safeBase}-${randomBytes(12).toString('hex')}`;
  const filePath = path.join(files.extractsDir, `${name}.zip`);
  const zip = new yazl.ZipFile();
  const output = createWriteStream(filePath);
  zip.outputStream.pipe(output);
  let rows = 0;
  try {
    for (const csv of extract.csvs) {
      if (csv.format === 'xlsx') {
        const sheetName = csv.fileName.replace(/\.xlsx$/, '');
        const bytes = await workbookBytes(sheetName, csv.header, csv.rows, () => {
          rows += 1;
          if (rows % 1000 === 0) extract.onRow?.(rows);
        });
        zip.addBuffer(bytes, csv.fileName);
        continue;
      }
      const entry = new PassThrough();
      zip.addReadStream(entry, csv.fileName);
      const writer = stringify({ bom: true });
      writer.pipe(entry);
      const write = async (cells: readonly unknown[]) => {
        if (!writer.write(cells.map(formulaSafe)))
          await new Promise((resolve) => writer.once('drain', resolve));
      };
      await write(csv.header);
      for await (const row of csv.rows) {
        await write(row);
        rows += 1;
        if (rows % 1000 === 0) extract.onRow?.(rows);
      }
      writer.end();
      await finished(entry);
    }
    zip.end();
    await finished(output);
  } catch (error) {
    output.destroy();
    await rm(filePath, { force: true });
    throw error;
  }
  const { size } = await stat(filePath);
  await db
    .insertInto('extract_file')
    .values({
      name,
      organization_id: extract.organizationId,
      job_id: extract.jobId,
      path: filePath,
      size,
      created_by: extract.createdBy,
      expires_at: new Date(Date.now() + EXTRACT_LIFETIME_MS),
    })
    .execute();
  return { name, size, rows };
}
