/**
 * The documented import limits (docs/guide-subscribers.md § Imports). An object rather than constants so tests
 * can lower them, as query/engine.ts's queryLimits.
 */
export const importLimits = {
  /** Largest CSV or TSV upload: these are streamed, never held whole. */
  maxTextFileBytes: 1024 * 1024 * 1024,
  /** Largest XLS or XLSX upload: SheetJS reads a workbook whole, so these stay far smaller. */
  maxWorkbookBytes: 50 * 1024 * 1024,
  /**
   * Most an XLSX upload may unpack to: the limit above counts compressed bytes, and a 1.6 MB workbook unpacked
   * to 400 MB (a zip or cell bomb) held the server 35 s a request. Counted as it inflates (uploads/workbook-inflation.ts).
   */
  maxWorkbookInflatedBytes: 256 * 1024 * 1024,
  /**
   * Most cells an XLSX upload may hold, counted as it inflates (uploads/workbook-inflation.ts): 256 MiB holds
   * 18 million `<c><v>1</v></c>`, and SheetJS keeps about 120 bytes a cell (measured), so bytes alone let a
   * workbook past the parsing worker's heap. 5 million is 1,000,000 rows × 5 columns, or the 200-column
   * import maximum × 25,000 rows, about 600 MB parsed: within the worker's 1536 MB with the sheet's text and
   * the rows read from it. (The import limits' own product, 5,000,000 rows × 200 columns, is a CSV's: no
   * workbook that size could be held.)
   */
  maxWorkbookCells: 5_000_000,
  /**
   * Longest row of a CSV or TSV file, in characters: over twice the longest a valid row can be (200 columns of
   * 2,000-character custom text), so that a quote never closed cannot make one row of the whole file.
   */
  maxRowCharacters: 1024 * 1024,
  /** Most data rows (besides the header) one import takes. */
  maxRows: 5_000_000,
  /**
   * Rows merged per transaction on PostgreSQL: each batch commits with its checkpoint, so a crash loses at
   * most one. 50,000 measured faster than 25,000 there (bench/import.ts).
   */
  batchRows: 50_000,
  /** The same on the embedded PGlite, which runs in the server's own thread: smaller batches did better. */
  embeddedBatchRows: 25_000,
  /**
   * PGlite's batches while people use the console are sized to a transaction of about this long (batch-sizing.ts):
   * its one connection is held for a batch's whole transaction, and a page opened meanwhile waits for it.
   */
  embeddedBrowsingBatchMs: 100,
  /** The most rows such a batch takes (a 25,000-row one took 1.5 s and more). */
  embeddedBrowsingBatchRows: 2_500,
  /** The fewest, so that a slow moment does not shrink the batches to a few rows each. */
  embeddedBrowsingMinBatchRows: 250,
  /** How recently interactive work must have used PGlite for the import to keep to the short batches. */
  embeddedBrowsingWindowMs: 10_000,
  /**
   * Old-generation heap of the worker that parses an upload (prepare-in-worker.ts) or reads a workbook's
   * rows for a preview or header (read-workbook-in-worker.ts), in MB: text files stream, so little is live;
   * SheetJS holds a whole workbook (up to maxWorkbookBytes, many times that once parsed). A worker that runs
   * out of it answers ImportFileTooLargeError.
   */
  parseWorkerHeapMb: { text: 128, workbook: 1536 },
  /** Files one upload request may carry. */
  maxFilesPerUpload: 10,
};

/** A byte count for people ("50 MiB", "1 GiB") in the limit errors. */
export function byteSizeText(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${units[unit]}`;
}
