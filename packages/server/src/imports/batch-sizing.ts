import { importLimits } from './import-limits.ts';

/**
 * How many rows an import's next batch takes. On PostgreSQL, and on PGlite while nobody uses the console, the
 * long batches that are fastest. On PGlite while someone does, batches sized to a transaction of
 * `embeddedBrowsingBatchMs`: PGlite has one connection, which a batch holds for its whole transaction, so a page
 * opened meanwhile waits up to one batch. A row count alone would not keep that wait short on every machine and
 * table (here, 2,000-row batches of one import took 70–190 ms): the time a row takes is measured on each batch
 * merged, and the next batch sized from it.
 */
export class BatchSizer {
  readonly #longRows: number;
  readonly #sinceInteractiveWork: (() => number) | undefined;
  /** Milliseconds a row took in the batches merged so far, the recent ones counting most. */
  #msPerRow: number | undefined;

  /** `sinceInteractiveWork` is the embedded database's (DatabaseHandle); undefined on PostgreSQL. */
  constructor(longRows: number, sinceInteractiveWork: (() => number) | undefined) {
    this.#longRows = longRows;
    this.#sinceInteractiveWork = sinceInteractiveWork;
  }

  /** A batch of `rows` was merged in a transaction that held the connection `ms`. */
  merged(rows: number, ms: number): void {
    if (rows <= 0) return;
    const measured = ms / rows;
    this.#msPerRow = this.#msPerRow === undefined ? measured : (this.#msPerRow + measured) / 2;
  }

  /** The rows the next batch should take. */
  rowsNow(): number {
    const sinceInteractive = this.#sinceInteractiveWork?.() ?? Number.POSITIVE_INFINITY;
    if (sinceInteractive >= importLimits.embeddedBrowsingWindowMs) return this.#longRows;
    const most = Math.min(this.#longRows, importLimits.embeddedBrowsingBatchRows);
    if (this.#msPerRow === undefined) return most;
    const fitting = Math.floor(importLimits.embeddedBrowsingBatchMs / this.#msPerRow);
    return Math.max(importLimits.embeddedBrowsingMinBatchRows, Math.min(most, fitting));
  }
}
