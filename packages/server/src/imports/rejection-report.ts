import { writeCsvExtract } from '../exports/extract-writer.ts';
import type { JobContext } from '../jobs/job-runner.ts';

const PAGE_ROWS = 5000;

/**
 * Writes an import's rejected rows (columns row, reason; ordered by row) as a downloadable extract and
 * answers its name. Read a page at a time, so a file of a million bad rows is never held whole.
 */
export async function writeRejectionReport(context: JobContext): Promise<string> {
  const jobId = context.job.id;
  const db = context.db;
  async function* rows(): AsyncGenerator<readonly unknown[]> {
    let after = 0;
    for (;;) {
      const page = await db
        .selectFrom('import_rejection')
        .select(['row_number', 'reason'])
        .where('job_id', '=', jobId)
        .where('row_number', '>', after)
        .orderBy('row_number')
        .limit(PAGE_ROWS)
        .execute();
      for (const row of page) yield [row.row_number, row.reason];
      const last = page.at(-1);
      if (!last || page.length < PAGE_ROWS) return;
      after = last.row_number;
    }
  }
  const extract = await writeCsvExtract(db, context.files, {
    organizationId: context.job.organizationId,
    jobId,
    createdBy: context.job.createdBy,
    baseName: `rejected-rows-${jobId}`,
    csvs: [{ fileName: 'rejected-rows.csv', header: ['row', 'reason'], rows: rows() }],
  });
  return extract.name;
}
