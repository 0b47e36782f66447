import { readFile } from 'node:fs/promises';
import { isMainThread } from 'node:worker_threads';
import type { Range, WorkBook } from '@e965/xlsx';
import { HeraldError } from '@herald/protocol';
import { lazyModule } from '../lazy-module.ts';
import { refuseWorkbookBomb } from '../uploads/workbook-inflation.ts';

/** SheetJS, loaded on the parsing worker that reads a workbook (lazy-module.ts). */
const sheetJs = lazyModule(() => import('@e965/xlsx'));
type SheetJs = Awaited<ReturnType<typeof sheetJs>>;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Cell = { t?: string; v?: unknown; z?: string | number; w?: string } | undefined;

/**
 * The rows of an XLS or XLSX file's first sheet, header first, as text: dates (date-formatted numbers) as
 * YYYY-MM-DD (with THH:MM:SS when they carry a time), numbers without binary float noise (0.1 + 0.2 reads
 * "0.3"), booleans as true/false, blank rows skipped. A header cell merged across columns names each column
 * it covers: the merged text, then "text (2)", "text (3)" … so every column keeps a distinct name.
 * SheetJS reads a workbook whole, which is why workbooks have their own, smaller size limits, and why this
 * runs only on a worker with a capped heap (read-workbook-in-worker.ts, prepare-in-worker.ts): it refuses to
 * run on the server's thread, so that no new caller brings the parse back there.
 */
export async function* readWorkbookRows(filePath: string): AsyncGenerator<string[]> {
  if (isMainThread) throw new Error('Workbooks are read on a parsing worker, never on the main thread');
  const bytes = await readFile(filePath);
  // The upload was checked for bombs, but perhaps under older limits (uploads are kept a day).
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) await refuseWorkbookBomb(filePath);
  const XLSX = await sheetJs();
  const workbook = readWorkbook(XLSX, bytes);
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet?.['!ref']) return;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data = (sheet['!data'] ?? []) as Cell[][];
  let header = true;
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const cells = data[r] ?? [];
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c += 1) row.push(cellText(XLSX, cells[c]));
    if (row.every((value) => value.trim() === '')) continue;
    if (header) {
      nameMergedHeaderColumns(row, sheet['!merges'] ?? [], r, range.s.c);
      header = false;
    }
    yield row;
  }
}

/** A file that is a zip or OLE container but no workbook SheetJS can read (a garbage workbook.xml) is unsupported. */
function readWorkbook(XLSX: SheetJs, bytes: Buffer): WorkBook {
  try {
    return XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true });
  } catch {
    throw new HeraldError('ImportFileUnsupported');
  }
}

function nameMergedHeaderColumns(row: string[], merges: Range[], headerRow: number, firstColumn: number) {
  for (const merge of merges) {
    if (merge.s.r > headerRow || merge.e.r < headerRow || merge.e.c === merge.s.c) continue;
    const text = row[merge.s.c - firstColumn] ?? '';
    for (let c = merge.s.c + 1; c <= merge.e.c; c += 1) {
      row[c - firstColumn] = `${text} (${c - merge.s.c + 1})`;
    }
  }
}

function cellText(XLSX: SheetJs, cell: Cell): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  const value = cell.v;
  if (cell.t === 'n' && typeof value === 'number') {
    if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) return dateText(XLSX, value);
    // 15 significant digits is what Excel itself shows; beyond that is the float's noise.
    return String(Number(value.toPrecision(15)));
  }
  if (cell.t === 'b') return value ? 'true' : 'false';
  if (cell.t === 'e') return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value as string);
}

function dateText(XLSX: SheetJs, serial: number): string {
  const parts = XLSX.SSF.parse_date_code(serial);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)}`;
  return parts.H || parts.M || parts.S
    ? `${date}T${pad(parts.H)}:${pad(parts.M)}:${pad(Math.floor(parts.S))}`
    : date;
}
