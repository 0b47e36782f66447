import { lazyModule } from '../lazy-module.ts';
import { formulaSafe } from './formula-safe.ts';

/** SheetJS, loaded when a workbook is first written (lazy-module.ts). */
const sheetJs = lazyModule(() => import('@e965/xlsx'));

/** Excel's sheet holds 1,048,576 rows: the header and this many data rows. */
export const WORKBOOK_MAX_ROWS = 1_048_575;

/**
 * A workbook cell: numbers and booleans stay typed (a typed cell is never a formula), everything else is
 * text made formula-safe exactly as in a CSV, so a sheet saved again as CSV is still safe to open.
 */
function workbookCell(value: unknown): string | number | boolean {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value;
  return formulaSafe(value);
}

/**
 * One XLSX workbook (a single sheet named `sheetName`) of the header and rows, as bytes. SheetJS builds the
 * sheet in memory, so the rows are read whole; the export caps them at WORKBOOK_MAX_ROWS, Excel's own limit.
 * Every cell is written as a value (never `f`, a formula), so nothing a subscriber typed can run.
 */
export async function workbookBytes(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  onRow?: () => void,
): Promise<Buffer> {
  const data: (string | number | boolean)[][] = [header.map(workbookCell)];
  for await (const row of rows) {
    if (data.length > WORKBOOK_MAX_ROWS) throw new Error('The export has more rows than a workbook holds');
    data.push(row.map(workbookCell));
    onRow?.();
  }
  const XLSX = await sheetJs();
  const sheet = XLSX.utils.aoa_to_sheet(data, { cellDates: false });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
