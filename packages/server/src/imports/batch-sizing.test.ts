import { afterEach, describe, expect, it } from 'vitest';
import { BatchSizer } from './batch-sizing.ts';
import { importLimits } from './import-limits.ts';

describe("an import's batch sizer", () => {
  const saved = { ...importLimits };
  afterEach(() => Object.assign(importLimits, saved));

  it('takes the long batches on PostgreSQL, and on PGlite while nobody used the console lately', () => {
    expect(new BatchSizer(50_000, undefined).rowsNow()).toBe(50_000);
    const quiet = new BatchSizer(25_000, () => importLimits.embeddedBrowsingWindowMs);
    quiet.merged(25_000, 5_000);
    expect(quiet.rowsNow()).toBe(25_000);
  });

  it('sizes batches to the transaction time aimed at while someone browses, as rows grow slower', () => {
    let since = 50;
    const sizer = new BatchSizer(25_000, () => since);
    // Nothing measured yet: the most a browsing batch takes.
    expect(sizer.rowsNow()).toBe(importLimits.embeddedBrowsingBatchRows);
    // A long batch at 0.02 ms a row: 100 ms fits 5,000, more than the most.
    sizer.merged(25_000, 500);
    expect(sizer.rowsNow()).toBe(importLimits.embeddedBrowsingBatchRows);
    // Rows grow slower as the indexes deepen: 0.08 ms a row, averaged with the 0.02 before, is 0.05: 2,000.
    sizer.merged(2_500, 200);
    expect(sizer.rowsNow()).toBe(2_000);
    sizer.merged(2_000, 160);
    expect(sizer.rowsNow()).toBe(1_538);
    // A stall (a checkpoint, another process) shrinks the batches, never below the fewest.
    sizer.merged(1_538, 30_000);
    expect(sizer.rowsNow()).toBe(importLimits.embeddedBrowsingMinBatchRows);
    // Nobody browsing any more: long batches again.
    since = importLimits.embeddedBrowsingWindowMs + 1;
    expect(sizer.rowsNow()).toBe(25_000);
  });

  it('never takes more than the long batch, and ignores an empty batch', () => {
    const sizer = new BatchSizer(1_000, () => 0);
    sizer.merged(0, 1_000);
    expect(sizer.rowsNow()).toBe(1_000);
    sizer.merged(1_000, 1);
    expect(sizer.rowsNow()).toBe(1_000);
  });
});
