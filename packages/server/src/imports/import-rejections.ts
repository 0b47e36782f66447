import { HeraldError, importRejectionDetailSchema, type ImportRejectionDetail } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

export interface ImportRejectionRow {
  row: number;
  value: string | null;
  reason: string;
  detail: ImportRejectionDetail | null;
}

/**
 * getImportRejections: the first `limit` rejected rows of one of the organization's subscriber imports (job
 * kind import, whose report database-manage downloads too), in row order,
 * and how many there are. A partition-restricted user reads only the imports they started (as with the job
 * itself and its report); another organization's job, or one that is not an import, is NotFoundError.
 */
export async function importRejections(
  db: Kysely<Database>,
  actor: Actor,
  jobId: number,
  limit: number,
): Promise<{ total: number; rejections: ImportRejectionRow[] }> {
  let job = db
    .selectFrom('job')
    .select('id')
    .where('id', '=', jobId)
    .where('organization_id', '=', actor.organizationId)
    .where('kind', '=', 'import');
  if (actor.partitionIds !== undefined) job = job.where('created_by', '=', actor.userId);
  if (!(await job.executeTakeFirst())) throw new HeraldError('NotFoundError');
  const [rows, count] = await Promise.all([
    db
      .selectFrom('import_rejection')
      .select(['row_number', 'value', 'reason', 'detail'])
      .where('job_id', '=', jobId)
      .orderBy('row_number')
      .limit(limit)
      .execute(),
    db
      .selectFrom('import_rejection')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('job_id', '=', jobId)
      .executeTakeFirst(),
  ]);
  return {
    total: Number(count?.total ?? 0),
    rejections: rows.map((row) => {
      // Stored by this server, but read defensively: a detail it cannot vouch for is left out.
      const detail = importRejectionDetailSchema.safeParse(row.detail);
      return {
        row: row.row_number,
        value: row.value,
        reason: row.reason,
        detail: detail.success ? detail.data : null,
      };
    }),
  };
}
