import { readFile } from 'node:fs/promises';
import {
  ASSET_IMPORT_MAX_FILES,
  ASSET_IMPORT_MAX_INFLATED_BYTES,
  HeraldError,
  type AssetFields,
  type AssetImportFile,
  type AssetImportResult,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { byteSizeText } from '../imports/import-limits.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import type { Actor } from '../query/resources.ts';
import { findAnyUpload, type StoredUpload } from '../uploads/upload-store.ts';
import { forEachZipEntry, listZipEntries, looksLikeAsset } from './asset-zip.ts';
import { checkAssetFile } from './check-asset-file.ts';
import { insertAsset } from './write-asset.ts';

/** What an assetImport job is given (importAssets checked it all before queueing). */
export interface AssetImportParams {
  fileIds: string[];
  fields: AssetFields;
  /** The importing user's partitions when restricted, so the job writes as they would. */
  actorPartitionIds: number[] | null;
}

/** The uploads an import names, each an asset upload of the organization's (UploadNotFoundError otherwise). */
export async function importUploads(
  db: Kysely<Database>,
  organizationId: number,
  fileIds: readonly string[],
  options: { anyAge?: boolean } = {},
): Promise<StoredUpload[]> {
  const uploads: StoredUpload[] = [];
  for (const fileId of fileIds) {
    const upload = await findAnyUpload(db, organizationId, fileId, options);
    if (!['png', 'jpeg', 'gif', 'webp', 'svg', 'html', 'zip'].includes(upload.fileType))
      throw new HeraldError('UploadNotFoundError');
    uploads.push(upload);
  }
  return uploads;
}

/**
 * Refuses at once an import that could never succeed or is too big: no file that looks like an image or HTML
 * (AssetImportEmptyError), more than ASSET_IMPORT_MAX_FILES files, or zips that would inflate past
 * ASSET_IMPORT_MAX_INFLATED_BYTES (AssetImportTooLargeError). Answers how many files the job will look at.
 */
export async function checkImportSize(uploads: readonly StoredUpload[]): Promise<number> {
  let files = 0;
  let candidates = 0;
  let inflated = 0;
  for (const upload of uploads) {
    if (upload.fileType !== 'zip') {
      files += 1;
      candidates += 1;
      continue;
    }
    for (const entry of await listZipEntries(upload.path)) {
      files += 1;
      inflated += entry.uncompressedSize;
      if (looksLikeAsset(entry.fileName)) candidates += 1;
    }
  }
  if (files > ASSET_IMPORT_MAX_FILES || inflated > ASSET_IMPORT_MAX_INFLATED_BYTES)
    throw new HeraldError('AssetImportTooLargeError', {
      values: { files: ASSET_IMPORT_MAX_FILES, limit: byteSizeText(ASSET_IMPORT_MAX_INFLATED_BYTES) },
    });
  if (candidates === 0) throw new HeraldError('AssetImportEmptyError');
  return files;
}

/**
 * The `assetImport` job: each file of each upload (a zip's files in order) is checked and stored as an asset
 * in a transaction of its own, so one bad file is refused with its reason and the others stand; the result
 * lists every file. A file refused for anything but a catalogue error fails the job (nothing is guessed).
 */
export const assetImportJob: JobHandler = {
  capability: 'content-edit',
  async run(context) {
    const { job, db } = context;
    const params = job.params as unknown as AssetImportParams;
    const actor: Actor = {
      organizationId: job.organizationId,
      userId: job.createdBy ?? 0,
      capabilities: ['content-edit'],
      partitionIds: params.actorPartitionIds ?? undefined,
    };
    const uploads = await importUploads(db, job.organizationId, params.fileIds, { anyAge: true });
    const total = await checkImportSize(uploads);
    const files: AssetImportFile[] = [];
    const announced: Array<{ id: number; partitionIds: number[] }> = [];
    const importOne = async (fileName: string, read: () => Promise<Buffer>) => {
      context.signal.throwIfAborted();
      try {
        const content = await read();
        const checked = await checkAssetFile(content, fileName);
        const asset = await db
          .transaction()
          .execute((trx) =>
            insertAsset(trx, actor, { ...checked, fileName, content }, params.fields, 'fields'),
          );
        files.push({ fileName, status: 'imported', assetId: asset.id });
        announced.push({ id: asset.id, partitionIds: asset.partitionIds });
      } catch (error) {
        if (!(error instanceof HeraldError) || error.type === 'ValidationError') throw error;
        files.push({ fileName, status: 'refused', error: { type: error.type, message: error.message } });
      }
      context.reportProgress(files.length, total);
    };
    for (const upload of uploads) {
      if (upload.fileType === 'zip')
        await forEachZipEntry(upload.path, (entry, read) => importOne(entry.fileName, read));
      else await importOne(upload.fileName, () => readFile(upload.path));
    }
    const imported = files.filter((file) => file.status === 'imported');
    await context.recordChanges
      .announce({ organizationId: job.organizationId, type: 'asset', records: announced })
      .catch((error: unknown) => context.log.warn({ err: error }, 'announcing imported assets failed'));
    const result: AssetImportResult = {
      imported: imported.length,
      refused: files.length - imported.length,
      files,
    };
    return result;
  },
};
