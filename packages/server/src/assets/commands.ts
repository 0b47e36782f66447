import { readFile } from 'node:fs/promises';
import { HeraldError, organizationCommands, type AssetRecord } from '@herald/protocol';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { checkImportSize, importUploads, type AssetImportParams } from './asset-import.ts';
import { readVisibleAsset } from './asset-record.ts';
import { assetUsage } from './asset-usage.ts';
import { checkAssetFile } from './check-asset-file.ts';
import { insertAsset, newRecordPartitions, safeFileName } from './write-asset.ts';

/** The actor of a command that reads: base or franchisee, as the query engine checks for reading. */
export async function readingActor(context: CommandContext): Promise<Actor> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  return actor;
}

/** Pushes changed assets to `asset` subscribers; a failed push is logged, the change stands. */
async function announceAssets(services: Services, actor: Actor, records: AssetRecord[]): Promise<void> {
  await services.recordChanges
    .announce({ organizationId: actor.organizationId, type: 'asset', records })
    .catch((error: unknown) => services.log.error({ err: error }, 'announcing an asset failed'));
}

/** The file name of a snippet typed in: its name made plain, ending in .html. */
function snippetFileName(name: string | undefined): string {
  const base = (name ?? 'snippet')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'snippet'}.html`;
}

/** createAsset and importAssets (content-edit); getAssetUsage and getAssetPreviewUrl (base or franchisee). */
export const assetOrganizationCommands: CommandRegistry = {
  createAsset: registerCommand(
    organizationCommands.createAsset,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { services } = context;
      const { organizationId: _organizationId, fileId, html, ...fields } = params;
      let fileName: string;
      let content: Buffer;
      if (fileId !== undefined) {
        const [upload] = await importUploads(services.db, actor.organizationId, [fileId]);
        if (!upload || upload.fileType === 'zip') throw new HeraldError('AssetFileUnsupportedError');
        fileName = safeFileName(upload.fileName);
        content = await readFile(upload.path);
      } else {
        fileName = snippetFileName(fields.name);
        content = Buffer.from(html ?? '', 'utf8');
      }
      const checked = await checkAssetFile(content, fileName);
      const asset = await services.db
        .transaction()
        .execute((trx) => insertAsset(trx, actor, { ...checked, fileName, content }, fields, 'params'));
      await announceAssets(services, actor, [asset]);
      return asset;
    },
  ),

  importAssets: registerCommand(
    organizationCommands.importAssets,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { services } = context;
      const uploads = await importUploads(services.db, actor.organizationId, params.fileIds);
      const total = await checkImportSize(uploads);
      const partitionIds = await services.db
        .transaction()
        .execute((trx) => newRecordPartitions(trx, actor, params.partitionIds, 'partitionIds'));
      const jobParams: AssetImportParams = {
        fileIds: params.fileIds,
        fields: {
          partitionIds,
          ...(params.isPublished !== undefined ? { isPublished: params.isPublished } : {}),
          ...(params.tags !== undefined ? { tags: params.tags } : {}),
          ...(params.deviceType !== undefined ? { deviceType: params.deviceType } : {}),
        },
        actorPartitionIds: actor.partitionIds ? [...actor.partitionIds] : null,
      };
      const names = uploads.map((upload) => upload.fileName);
      const jobId = await enqueueJob(services.db, {
        organizationId: actor.organizationId,
        kind: 'assetImport',
        name:
          names.length === 1
            ? (names[0] ?? 'Assets')
            : `${names[0] ?? 'Assets'} and ${names.length - 1} more`,
        params: jobParams as unknown as Record<string, unknown>,
        createdBy: actor.userId,
        progressTotal: total,
      });
      await services.jobs.announce(actor.organizationId, jobId);
      services.jobs.poke();
      return { jobId };
    },
  ),

  getAssetUsage: registerCommand(
    organizationCommands.getAssetUsage,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const asset = await readVisibleAsset(context.services.db, actor, params.assetId);
      if (!asset) throw new HeraldError('AssetNotFoundError');
      return { activities: await assetUsage(context.services.db, actor, asset.id) };
    },
  ),

  getAssetPreviewUrl: registerCommand(
    organizationCommands.getAssetPreviewUrl,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const asset = await readVisibleAsset(context.services.db, actor, params.assetId);
      if (!asset) throw new HeraldError('AssetNotFoundError');
      return { url: asset.previewPath };
    },
  ),
};
