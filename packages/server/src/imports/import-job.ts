import { importOptionsSchema } from '@herald/protocol';
import { z } from 'zod';
import { statisticsKeeper, tidyAfterBulkWork } from '../database/table-upkeep.ts';
import { JobLostError, saveJobCheckpoint, type JobContext, type JobHandler } from '../jobs/job-runner.ts';
import { readListRecords } from '../lists/list-record.ts';
import { refreshListStats } from '../lists/list-stats.ts';
import {
  BatchConflictError,
  FILLABLE_PROFILE_FIELDS,
  mergeBatch,
  type MergeOptions,
  type MergePlan,
  type PreparedBatch,
} from './merge-batch.ts';
import { BatchSizer } from './batch-sizing.ts';
import { importCustomFieldsOf, planImportColumns } from './import-columns.ts';
import { importLimits } from './import-limits.ts';
import { inlineImportSource } from './import-source.ts';
import { prepareBatches } from './prepare-batches.ts';
import { prepareBatchesInWorker } from './prepare-in-worker.ts';
import { findUpload } from '../uploads/upload-store.ts';
import { writeRejectionReport } from './rejection-report.ts';

/** The params bulkWriteSubscribers stores on its job (partitionIds already checked against the organization). */
export const importJobParamsSchema = z.object({
  listId: z.number().int().optional(),
  sourceName: z.string(),
  fields: z.array(z.string().nullable()),
  data: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))).optional(),
  fileId: z.string().optional(),
  options: importOptionsSchema,
});
export type ImportJobParams = z.infer<typeof importJobParamsSchema>;

const checkpointSchema = z.object({
  rowsRead: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
});
type ImportCheckpoint = z.infer<typeof checkpointSchema>;

/**
 * While an import runs, the list's statistics are recounted every this many batches when existing
 * subscribers joined it (new subscribers are counted as they are written, merge-batch.ts); always at its end.
 */
const STATS_EVERY_BATCHES = 10;

/**
 * The 'import' job (bulkWriteSubscribers): reads the rows in batches, and merges each batch in one
 * transaction that also saves the checkpoint, so a restarted job resumes after its last committed batch and
 * nothing is written twice. The next batch is parsed and validated while the current one is being merged.
 */
export async function runImport(context: JobContext): Promise<Record<string, unknown>> {
  const params = importJobParamsSchema.parse(context.job.params);
  const organizationId = context.job.organizationId;
  const columns = planImportColumns(params.fields, await importCustomFieldsOf(context.db, organizationId));
  const mapped = new Set(columns.flatMap((column) => (column?.kind === 'profile' ? [column.field] : [])));
  const plan: MergePlan = {
    organizationId,
    jobId: context.job.id,
    listId: params.listId,
    updateExisting: params.options.updateExisting,
    markUnsubscribed: params.options.markUnsubscribed,
    listOption: params.options.listOption ?? 'optin',
    sourceName: params.sourceName,
    partitionIds: params.options.partitionIds ?? [],
    profileFields: FILLABLE_PROFILE_FIELDS.filter((field) => mapped.has(field)),
    hasCustom: columns.some((column) => column?.kind === 'custom'),
    hasExtra: mapped.has('extra'),
    hasEmail: mapped.has('email'),
    hasRef: mapped.has('ref'),
  };
  const parsed = checkpointSchema.safeParse(context.job.checkpoint);
  const progress: ImportCheckpoint = parsed.success
    ? parsed.data
    : { rowsRead: 0, created: 0, updated: 0, skipped: 0, rejected: 0 };
  const batchOptions = {
    batchRows: context.database.kind === 'postgres' ? importLimits.batchRows : importLimits.embeddedBatchRows,
    skipRows: progress.rowsRead,
  };
  const sizer = new BatchSizer(batchOptions.batchRows, context.database.sinceInteractiveWork);
  // An upload is parsed on a worker thread (prepare-in-worker.ts); inline rows (at most 10,000) right here.
  const prepared = params.data
    ? {
        total: params.data.length,
        batches: prepareBatches(inlineImportSource(params.data).rows, columns, plan, batchOptions),
      }
    : await prepareBatchesInWorker(
        {
          upload: await findUpload(context.db, organizationId, params.fileId ?? '', { anyAge: true }),
          columns,
          plan,
          ...batchOptions,
          limits: importLimits,
        },
        () => sizer.rowsNow(),
      );
  let total = Math.max(prepared.total, progress.rowsRead);
  const batches = prepared.batches;

  // On PostgreSQL a second batch is merged while the first commits (two connections, two cores); the
  // embedded database has one connection, so there batches simply follow each other.
  const inFlight = context.database.kind === 'postgres' ? 2 : 1;
  const pending: Promise<void>[] = [];
  let previous: Promise<void> = Promise.resolve();
  let rowsQueued = progress.rowsRead;
  let batchesDone = 0;
  let statsDueAt = STATS_EVERY_BATCHES;
  let existingJoined = false;
  // Whether the next batch is likely new subscribers only (mergeBatch inserts it whole, skipping the lookups):
  // once a batch has matched none. A batch that held existing subscribers after all leaves dead rows behind.
  let expectNew = false;
  let insertedInVain = false;
  const bulkTables =
    plan.listId === undefined ? (['subscriber'] as const) : (['subscriber', 'list_membership'] as const);
  const statistics = await statisticsKeeper(context.database, bulkTables);
  let next = batches.next();
  try {
    for (;;) {
      const step = await next;
      if (step.done) break;
      if (context.signal.aborted) throw new JobLostError();
      // Parsing and validating the next batch overlaps this batch's database work.
      next = batches.next();
      next.catch(() => {});
      const batch: PreparedBatch = step.value;
      rowsQueued += batch.rowsRead;
      const rowsRead = rowsQueued;
      total = Math.max(total, rowsRead);
      const earlier = previous;
      const merge = (options: MergeOptions) =>
        context.database.copyTransaction(async (session) => {
          const began = performance.now();
          const merged = await mergeBatch(session, plan, batch, () => earlier, options);
          // Timed from the transaction's start: the wait for the connection is not the batch's.
          sizer.merged(batch.validRows, performance.now() - began);
          // Saved once every earlier batch has committed, so the checkpoint always names a prefix of the file.
          await saveJobCheckpoint(session.run, context, {
            done: rowsRead,
            total,
            checkpoint: {
              rowsRead,
              created: progress.created + merged.created,
              updated: progress.updated + merged.updated,
              skipped: progress.skipped + merged.skipped,
              rejected: progress.rejected + batch.rejected,
            },
          });
          return merged;
        });
      // A race with another writer creating one of these subscribers: once more, and they are matched.
      const committed = merge({ expectNew })
        .catch((error: unknown) => {
          if (error instanceof BatchConflictError) return merge({ expectNew: false });
          throw error;
        })
        .then((counts) => {
          progress.rowsRead = rowsRead;
          progress.created += counts.created;
          progress.updated += counts.updated;
          progress.skipped += counts.skipped;
          progress.rejected += batch.rejected;
          if (counts.updated > 0) existingJoined = true;
          if (counts.expectedNewInVain) insertedInVain = true;
          expectNew = counts.matched === 0 && !counts.expectedNewInVain;
          batchesDone += 1;
          context.reportProgress(rowsRead, total);
        });
      committed.catch(() => {});
      previous = committed;
      pending.push(committed);
      if (pending.length >= inFlight) await pending.shift();
      await statistics.grew(batch.validRows);
      if (plan.listId !== undefined && existingJoined && batchesDone >= statsDueAt) {
        statsDueAt = batchesDone + STATS_EVERY_BATCHES;
        existingJoined = false;
        await refreshListStats(context.db, organizationId, plan.listId);
      }
    }
    await Promise.all(pending);
  } finally {
    await Promise.allSettled(pending);
    await batches.return(undefined).catch(() => {});
  }

  // The total was an estimate for a text file (quoted line ends, blank lines): it ends as the rows read.
  await context.database.copyTransaction((session) =>
    saveJobCheckpoint(session.run, context, {
      done: progress.rowsRead,
      total: progress.rowsRead,
      checkpoint: progress,
    }),
  );
  await tidyAfterBulkWork(context.database, bulkTables, { vacuum: progress.updated > 0 || insertedInVain });
  if (plan.listId !== undefined) {
    await refreshListStats(context.db, organizationId, plan.listId);
    // One push for the list (its counts changed); a million subscriber records are not pushed one by one.
    const lists = await readListRecords(context.db, organizationId, [plan.listId]);
    await context.recordChanges
      .announce({ organizationId, type: 'list', records: lists })
      .catch((error: unknown) => context.log.warn({ err: error }, 'announcing the imported list failed'));
  }
  const result: Record<string, unknown> = {
    rows: progress.rowsRead,
    created: progress.created,
    updated: progress.updated,
    skipped: progress.skipped,
    rejected: progress.rejected,
  };
  if (progress.rejected > 0) result.rejectedReport = await writeRejectionReport(context);
  return result;
}

/** The 'import' job kind. */
export const importJob: JobHandler = { capability: 'database-manage', run: runImport };
