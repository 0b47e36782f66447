import { HeraldError } from '@herald/protocol';
import yauzl from 'yauzl';
import { byteSizeText, importLimits } from '../imports/import-limits.ts';

/** The most a workbook may unpack to: bytes inflated, and cells found in them. */
export interface WorkbookInflationLimits {
  inflatedBytes: number;
  cells: number;
}

/** Whether a zip stays within its limits, or which one it passed first. */
export type WorkbookInflation = 'within' | 'inflatedBytes' | 'cells';

/**
 * A cell as SheetJS finds one: it splits a sheet's XML into cells on this very pattern (`cellregex` in
 * xlsx.mjs's parse_ws_xml_data), so what is counted here is what it will build, prefixed elements (`<x:c>`)
 * included. Counting these is what can be checked while inflating, at about 0.2 µs a cell on the event loop
 * (a file at the cell limit, about a second in all, a fraction of a millisecond a chunk). A sheet's
 * `<dimension ref>` would cost nothing to read, but it is the file's own claim, which SheetJS does not hold
 * it to (a bomb declares A1:A1 and holds millions of cells). Cells in binary parts are not counted: the
 * parsing worker's capped heap is the last word on what fits.
 */
const CELL_PATTERN = /<(?:\w+:)?c[ />]/;
const CELLS = new RegExp(CELL_PATTERN.source, 'g');
/** Longest tail of a chunk that may be the start of a cell split by the chunk's end (`<prefix:c`). */
const CARRIED_TAIL = 64;

/**
 * Whether every entry of a zip, inflated, adds up to no more than `limits.inflatedBytes` bytes holding no
 * more than `limits.cells` cells. It counts as the bytes are inflated (zlib on the thread pool; the event
 * loop only scans each chunk for cells) and stops at a limit, so neither a forged size in the central
 * directory nor a bomb's real size is believed: yauzl also refuses an entry whose inflated size differs
 * from the one it declares. Every entry is scanned for cells, not only xl/worksheets/: the workbook's
 * relationships may point a sheet anywhere. A zip that cannot be read through counts as too large, as
 * before: its sizes are not to be believed either.
 */
export function workbookInflation(
  filePath: string,
  limits: WorkbookInflationLimits,
): Promise<WorkbookInflation> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) {
        resolve('inflatedBytes');
        return;
      }
      let total = 0;
      let cells = 0;
      let settled = false;
      const settle = (verdict: WorkbookInflation) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(verdict);
      };
      zip.on('error', () => settle('inflatedBytes'));
      zip.on('end', () => settle('within'));
      zip.on('entry', (entry: yauzl.Entry) => {
        // The declared sizes are a cheap first refusal; the inflated bytes are the real check.
        if (total + entry.uncompressedSize > limits.inflatedBytes) {
          settle('inflatedBytes');
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) {
            settle('inflatedBytes');
            return;
          }
          let carried = '';
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length;
            // latin1 maps each byte to one character: the pattern is ASCII, and no decoding can fail.
            const text = carried + chunk.toString('latin1');
            cells += text.match(CELLS)?.length ?? 0;
            carried = unfinishedCellStart(text);
            if (total > limits.inflatedBytes) settle('inflatedBytes');
            else if (cells > limits.cells) settle('cells');
            if (settled) stream.destroy();
          });
          stream.on('error', () => settle('inflatedBytes'));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Refuses an XLSX file that unpacks past importLimits.maxWorkbookInflatedBytes or holds more than
 * importLimits.maxWorkbookCells cells (a zip or cell bomb) with ImportFileTooLargeError: at upload, and
 * again on the worker before SheetJS reads it, since an upload kept from before a limit was lowered (or
 * before these checks) was never held to it.
 */
export async function refuseWorkbookBomb(filePath: string): Promise<void> {
  const inflation = await workbookInflation(filePath, {
    inflatedBytes: importLimits.maxWorkbookInflatedBytes,
    cells: importLimits.maxWorkbookCells,
  });
  if (inflation === 'inflatedBytes')
    throw new HeraldError('ImportFileTooLargeError', {
      values: { limit: `${byteSizeText(importLimits.maxWorkbookInflatedBytes)} unpacked` },
    });
  if (inflation === 'cells')
    throw new HeraldError('ImportFileTooLargeError', {
      values: { limit: `${importLimits.maxWorkbookCells.toLocaleString('en')}-cell` },
    });
}

/** The text from the last `<` on, when it may be a cell cut off by the chunk's end (else nothing to carry). */
function unfinishedCellStart(text: string): string {
  const tail = text.slice(text.lastIndexOf('<'));
  if (!tail.startsWith('<') || tail.length > CARRIED_TAIL) return '';
  return CELL_PATTERN.test(tail) ? '' : tail;
}
