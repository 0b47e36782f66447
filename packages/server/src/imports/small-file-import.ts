import { HeraldError } from '@herald/protocol';
import { sql } from 'kysely';
import type { CopySession } from '../database/copy-session.ts';
import { saveJobCheckpoint, type JobContext } from '../jobs/job-runner.ts';
import { findUpload } from '../uploads/upload-store.ts';
import { REJECTION_COLUMNS, rejectionLine } from './merge-batch.ts';
import { readUploadRows } from './read-rows.ts';
import { writeRejectionReport } from './rejection-report.ts';

/** Most rows a definitions file (custom fields, partitions) may hold: these are settings, not audiences. */
export const DEFINITION_IMPORT_MAX_ROWS = 10_000;

/** One row of a definitions file by lower-cased header name, with its row number (the header is row 1). */
export interface HeaderedRow {
  rowNumber: number;
  values: ReadonlyMap<string, string>;
}

/** What writing one row did: created, updated, or refused with a reason. */
export type RowOutcome = 'created' | 'updated' | { reason: string };

/**
 * Runs a definitions import (custom fields, partitions): reads the upload whole (at most
 * DEFINITION_IMPORT_MAX_ROWS rows), writes every row and its rejections in one transaction with the job's
 * checkpoint, so a crash leaves all or nothing and the retried job simply runs again (each row is an
 * upsert). Answers {rows, created, updated, rejected, rejectedReport?}.
 */
export async function runDefinitionImport(
  context: JobContext,
  writeRow: (session: CopySession, row: HeaderedRow) => Promise<RowOutcome>,
): Promise<Record<string, unknown>> {
  const fileId = String(context.job.params.fileId ?? '');
  const upload = await findUpload(context.db, context.job.organizationId, fileId, { anyAge: true });
  let header: string[] | undefined;
  const rows: HeaderedRow[] = [];
  let rowNumber = 0;
  // The header, the rows allowed, and one more to tell a file over the limit.
  for await (const cells of readUploadRows(upload, DEFINITION_IMPORT_MAX_ROWS + 2)) {
    rowNumber += 1;
    if (header === undefined) {
      header = cells.map((name) => name.trim().toLowerCase());
      continue;
    }
    if (rows.length >= DEFINITION_IMPORT_MAX_ROWS)
      throw new HeraldError('ImportTooManyRowsError', {
        values: { limit: DEFINITION_IMPORT_MAX_ROWS.toLocaleString('en') },
      });
    const values = new Map<string, string>();
    header.forEach((name, index) => {
      const value = cells[index]?.trim() ?? '';
      if (name !== '' && value !== '') values.set(name, value);
    });
    rows.push({ rowNumber, values });
  }
  if (header === undefined) throw new HeraldError('ImportFileEmptyError');
  const counts = { rows: rows.length, created: 0, updated: 0, rejected: 0 };
  await context.database.copyTransaction(async (session) => {
    // A rerun (a crash after this transaction committed, before the job was marked done) starts over.
    await session.run(sql`DELETE FROM import_rejection WHERE job_id = ${context.job.id}`);
    let rejections = '';
    for (const row of rows) {
      const outcome = await writeRow(session, row);
      if (outcome === 'created') counts.created += 1;
      else if (outcome === 'updated') counts.updated += 1;
      else {
        counts.rejected += 1;
        rejections += rejectionLine(context.job.id, row.rowNumber, { reason: outcome.reason });
      }
    }
    if (rejections !== '') await session.copyIn('import_rejection', REJECTION_COLUMNS, rejections);
    await saveJobCheckpoint(session.run, context, {
      done: rows.length,
      total: rows.length,
      checkpoint: counts,
    });
  });
  const result: Record<string, unknown> = { ...counts };
  if (counts.rejected > 0) result.rejectedReport = await writeRejectionReport(context);
  return result;
}
