import {
  EXPORT_FORMATS,
  EXPORT_TYPES,
  HeraldError,
  type ExportFormat,
  type ExportType,
  type TargetNode,
} from '@herald/protocol';
import { sql } from 'kysely';
import { JobLostError, type JobContext, type JobHandler } from '../jobs/job-runner.ts';
import { notifyUsers } from '../notifications/notify-users.ts';
import { OrganizationService } from '../organizations/organization-service.ts';
import { validation } from '../query/resources.ts';
import { checkTarget } from '../targets/target-input.ts';
import { chosenColumns, exportColumns, subscriberCustomFieldNames } from './export-columns.ts';
import { countExportRows, exportRows, type ExportScope } from './export-rows.ts';
import { WORKBOOK_MAX_ROWS } from './extract-workbook.ts';
import { writeCsvExtract } from './extract-writer.ts';

/** What requestExport stores in the job's params. */
export interface ExportJobParams {
  type: ExportType;
  listId: number | null;
  fields: string[] | null;
  /** The file inside the zip; jobs asked for before formats existed are csv. */
  format: ExportFormat;
  /** A subscribers export's target expression, as its JSON tree. */
  target: TargetNode | null;
}

export function exportJobParamsOf(params: Record<string, unknown>): ExportJobParams {
  const type = (EXPORT_TYPES as readonly string[]).includes(String(params.type))
    ? (params.type as ExportType)
    : 'subscribers';
  return {
    type,
    listId: typeof params.listId === 'number' ? params.listId : null,
    fields: Array.isArray(params.fields) ? params.fields.map(String) : null,
    format: (EXPORT_FORMATS as readonly string[]).includes(String(params.format))
      ? (params.format as ExportFormat)
      : 'csv',
    target:
      typeof params.target === 'object' && params.target !== null ? (params.target as TargetNode) : null,
  };
}

/**
 * The requester's access as it is when the job runs (an approved export may run days after it was asked
 * for): they must still hold database-extract, and a restricted user still gets only their partitions.
 */
async function requesterScope(context: JobContext, params: ExportJobParams): Promise<ExportScope> {
  const { job, db } = context;
  const access =
    job.createdBy === null
      ? undefined
      : await new OrganizationService(db).accessOf(job.createdBy, job.organizationId);
  if (!access?.capabilities.includes('database-extract')) throw new HeraldError('PrivilegesError');
  let partitionIds: number[] | undefined;
  if (access.partitionsets.length > 0) {
    const rows = await db
      .selectFrom('partition')
      .select('id')
      .where('organization_id', '=', job.organizationId)
      .where('partition_set_id', 'in', access.partitionsets)
      .execute();
    partitionIds = rows.map((row) => row.id);
  }
  if (params.listId !== null) {
    const list = await db
      .selectFrom('subscriber_list')
      .select('partition_ids')
      .where('id', '=', params.listId)
      .where('organization_id', '=', job.organizationId)
      .executeTakeFirst();
    const visible =
      list && (partitionIds === undefined || list.partition_ids.some((id) => partitionIds.includes(id)));
    if (!visible) throw new HeraldError('NotFoundError');
  }
  // Compiled against the organization as it is now: a field deleted since the request fails the job clearly.
  const condition =
    params.target === null
      ? undefined
      : (await checkTarget(db, job.organizationId, params.target, 'target')).condition;
  return {
    organizationId: job.organizationId,
    type: params.type,
    listId: params.listId,
    partitionIds,
    condition,
  };
}

/**
 * The export job: reads the rows page by page, writes a zip with one formula-safe CSV or XLSX inside
 * (writeCsvExtract), and tells the requester the extract is ready. Its result names the file for
 * POST /uiv5-extract/{organization}/{name}.zip.
 */
async function runExport(context: JobContext): Promise<Record<string, unknown>> {
  const { job, db } = context;
  const params = exportJobParamsOf(job.params);
  const scope = await requesterScope(context, params);
  const available = exportColumns(params.type, await subscriberCustomFieldNames(db, job.organizationId));
  // Custom fields deleted since the request are left out rather than failing the export.
  const wanted = params.fields?.filter((field) =>
    available.some((column) => column.toLowerCase() === field.toLowerCase()),
  );
  if (wanted?.length === 0) throw validation('params.fields', 'None of the columns asked for exist any more');
  const columns = chosenColumns(available, wanted);
  const total = await countExportRows(db, scope);
  if (params.format === 'xlsx' && total > WORKBOOK_MAX_ROWS)
    throw validation('params.format', `A workbook holds at most ${WORKBOOK_MAX_ROWS} rows: export as CSV`);
  await sql`UPDATE job SET progress_total = ${total}, updated_at = now() WHERE id = ${job.id}`.execute(db);
  const checkStop = () => {
    if (context.signal.aborted) throw new JobLostError();
  };
  const written = await writeCsvExtract(db, context.files, {
    organizationId: job.organizationId,
    jobId: job.id,
    createdBy: job.createdBy,
    baseName: params.type,
    csvs: [
      {
        fileName: `${params.type}.${params.format}`,
        format: params.format,
        header: columns,
        rows: exportRows(db, scope, columns, checkStop),
      },
    ],
    onRow: (rows) => context.reportProgress(rows, total),
  });
  if (job.createdBy !== null) {
    await notifyUsers(db, {
      organizationId: job.organizationId,
      userIds: [job.createdBy],
      kind: 'extracts',
      messageKey: 'extractReady',
      messageValues: { name: job.name, rows: written.rows },
      recordType: 'job',
      recordId: job.id,
    });
  }
  return { name: written.name, rows: written.rows, size: written.size, fileName: `${written.name}.zip` };
}

/** The 'export' job kind. */
export const exportJob: JobHandler = { capability: 'database-extract', run: runExport };
