import { HeraldError, importRulesOf, organizationCommands, subscriberUploadAllowed } from '@herald/protocol';
import { sql } from 'kysely';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { actorOf, validation, type Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { findUpload } from '../uploads/upload-store.ts';
import { importCustomFieldsOf, planImportColumns } from './import-columns.ts';
import type { ImportJobParams } from './import-job.ts';
import { importRejections } from './import-rejections.ts';
import { readHeadRows } from './read-rows.ts';
import { suggestFields } from './suggest-fields.ts';

function organizationOf(connection: { organization?: AuthenticatedOrganization }): AuthenticatedOrganization {
  if (!connection.organization) throw new HeraldError('UnauthenticatedCommand');
  return connection.organization;
}

/** The list an import fills: the organization's, not archived, and one a partition-restricted user sees. */
async function checkList(services: Services, actor: Actor, listId: number): Promise<void> {
  let query = services.db
    .selectFrom('subscriber_list')
    .select(['id', 'is_archived'])
    .where('organization_id', '=', actor.organizationId)
    .where('id', '=', listId);
  if (actor.partitionIds !== undefined)
    query = query.where(sql<boolean>`partition_ids && ${actor.partitionIds}::integer[]`);
  const list = await query.executeTakeFirst();
  if (!list) throw validation('listId', 'Unknown list');
  if (list.is_archived) throw validation('listId', 'The list is archived');
}

/** Partitions the imported subscribers join: the organization's, and only their own for a restricted user. */
async function checkPartitions(
  services: Services,
  actor: Actor,
  partitionIds: readonly number[],
): Promise<void> {
  if (partitionIds.length === 0) return;
  const found = await services.db
    .selectFrom('partition')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('id', 'in', [...partitionIds])
    .execute();
  const known = new Set(found.map((row) => row.id));
  partitionIds.forEach((id, index) => {
    if (!known.has(id) || (actor.partitionIds !== undefined && !actor.partitionIds.includes(id)))
      throw validation(`options.partitionIds.${index}`, 'Unknown partition');
  });
}

/**
 * bulkWriteSubscribers and previewImportFile (PROTOCOL §5) and the definitions imports: database-manage, and
 * admin for partitions (they are settings).
 */
export const importOrganizationCommands: CommandRegistry = {
  bulkWriteSubscribers: registerCommand(
    organizationCommands.bulkWriteSubscribers,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, { connection, services }) => {
      const organization = organizationOf(connection);
      const actor = await actorOf(services.db, organization);
      const settings = await services.db
        .selectFrom('organization')
        .select('settings')
        .where('id', '=', organization.organizationId)
        .executeTakeFirstOrThrow();
      // Platform §2 guard 10: the import rules, globally and for the list.
      if (!subscriberUploadAllowed(importRulesOf(settings.settings), params.listId))
        throw new HeraldError('SubscriberUploadNotAllowedError');
      if (params.listId !== undefined) await checkList(services, actor, params.listId);
      await checkPartitions(services, actor, params.options.partitionIds ?? []);
      planImportColumns(params.fields, await importCustomFieldsOf(services.db, organization.organizationId));

      let name = params.sourceName;
      if (params.fileId !== undefined) {
        const upload = await findUpload(services.db, organization.organizationId, params.fileId);
        const { header } = await readHeadRows(upload, 0);
        if (header.length === 0) throw new HeraldError('ImportFileEmptyError');
        if (params.fields.length !== header.length)
          throw validation(
            'fields',
            `The file has ${header.length} columns; name a field (or null) for each`,
          );
        name = upload.fileName;
      }
      params.data?.forEach((row, index) => {
        if (row.length > params.fields.length)
          throw validation(`data.${index}`, `The row has more cells than fields (${params.fields.length})`);
      });

      const jobParams: ImportJobParams = {
        ...(params.listId !== undefined ? { listId: params.listId } : {}),
        sourceName: params.sourceName,
        fields: params.fields,
        ...(params.data !== undefined ? { data: params.data } : {}),
        ...(params.fileId !== undefined ? { fileId: params.fileId } : {}),
        options: params.options,
      };
      const jobId = await enqueueJob(services.db, {
        organizationId: organization.organizationId,
        kind: 'import',
        name,
        params: jobParams,
        createdBy: organization.userId,
        progressTotal: params.data?.length ?? null,
      });
      await services.jobs.announce(organization.organizationId, jobId);
      services.jobs.poke();
      return { jobId };
    },
  ),

  getImportRejections: registerCommand(
    organizationCommands.getImportRejections,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, { connection, services }) =>
      importRejections(
        services.db,
        await actorOf(services.db, organizationOf(connection)),
        params.jobId,
        params.limit,
      ),
  ),

  previewImportFile: registerCommand(
    organizationCommands.previewImportFile,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, { connection, services }) => {
      const organization = organizationOf(connection);
      const upload = await findUpload(services.db, organization.organizationId, params.fileId);
      const { header, rows } = await readHeadRows(upload, params.rows);
      if (header.length === 0) throw new HeraldError('ImportFileEmptyError');
      const customFields = await importCustomFieldsOf(services.db, organization.organizationId);
      return {
        fileType: upload.fileType,
        header,
        rows,
        suggestedFields: suggestFields(header, customFields),
        warnings: oneColumnWarnings(header),
      };
    },
  ),

  importCustomFields: registerCommand(
    organizationCommands.importCustomFields,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, { connection, services }) =>
      startDefinitionImport(services, organizationOf(connection), 'customFieldImport', params.fileId),
  ),

  importPartitions: registerCommand(
    organizationCommands.importPartitions,
    { kind: 'organization', capabilities: ['admin'] },
    async (params, { connection, services }) =>
      startDefinitionImport(services, organizationOf(connection), 'partitionImport', params.fileId),
  ),
};

/** Queues a custom-field or partition import of an upload and answers its job. */
async function startDefinitionImport(
  services: Services,
  organization: AuthenticatedOrganization,
  kind: 'customFieldImport' | 'partitionImport',
  fileId: string,
): Promise<{ jobId: number }> {
  const upload = await findUpload(services.db, organization.organizationId, fileId);
  const jobId = await enqueueJob(services.db, {
    organizationId: organization.organizationId,
    kind,
    name: upload.fileName,
    params: { fileId },
    createdBy: organization.userId,
  });
  await services.jobs.announce(organization.organizationId, jobId);
  services.jobs.poke();
  return { jobId };
}

/**
 * A header that is one column holding another delimiter (`email|name` in a .csv) means the file is delimited
 * otherwise than its type says: every row would be read as one value, and its addresses refused or, worse,
 * read whole. The preview says so before anyone maps it.
 */
function oneColumnWarnings(header: readonly string[]): Array<{ type: 'oneColumn'; delimiter: string }> {
  if (header.length !== 1) return [];
  const delimiter = [',', ';', '|', '\t'].find((candidate) => header[0]?.includes(candidate));
  return delimiter === undefined ? [] : [{ type: 'oneColumn', delimiter }];
}
