import { createHash, randomBytes } from 'node:crypto';
import { HeraldError, type AssetFields, type AssetRecord, type AssetWrite } from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor } from '../query/resources.ts';
import { checkVersion, returnedRow } from '../query/write-helpers.ts';
import { ASSET_SELECT, assetRecord, readVisibleAsset, type AssetRow } from './asset-record.ts';
import type { CheckedAssetFile } from './check-asset-file.ts';

/** Tags as stored: trimmed, each once (the first spelling kept). */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The partitions of a new record: those given (the organization's, and a restricted writer's own), else none
 * for head office and all of a restricted writer's, so they can still see what they made.
 */
export async function newRecordPartitions(
  trx: Transaction<Database>,
  actor: Actor,
  partitionIds: readonly number[] | undefined,
  path: string,
): Promise<number[]> {
  if (partitionIds !== undefined) {
    await checkPartitions(trx, actor, partitionIds, path);
    if (actor.partitionIds !== undefined && partitionIds.length === 0)
      throw validation(path, 'Choose at least one of your partitions');
    return [...new Set(partitionIds)];
  }
  return actor.partitionIds ? [...actor.partitionIds] : [];
}

/** A file about to become an asset, checked (check-asset-file.ts). */
export interface NewAssetFile extends CheckedAssetFile {
  fileName: string;
  content: Buffer;
}

/** Stores a checked file as a new asset, in the transaction given: the row and its bytes together or not at all. */
export async function insertAsset(
  trx: Transaction<Database>,
  actor: Actor,
  file: NewAssetFile,
  fields: AssetFields,
  path: string,
): Promise<AssetRecord> {
  const partitionIds = await newRecordPartitions(trx, actor, fields.partitionIds, `${path}.partitionIds`);
  const name = fields.name ?? file.fileName.replace(/^.*\//, '').slice(0, 200);
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const row = await sql<AssetRow>`
    INSERT INTO asset (organization_id, name, kind, file_type, file_name, size, sha256, content, preview_key,
      alt_text, description, tags, device_type, is_published, partition_ids, created_by)
    VALUES (${actor.organizationId}, ${name}, ${file.kind}, ${file.fileType}, ${safeFileName(file.fileName)},
      ${file.content.length}, ${sha256}, ${file.content}, ${randomBytes(16).toString('hex')},
      ${fields.altText ?? ''}, ${fields.description ?? ''},
      ${distinctTags(fields.tags ?? [])}::text[], ${fields.deviceType ?? 'all'}, ${fields.isPublished ?? false},
      ${partitionIds}::integer[], ${actor.userId})
    RETURNING ${ASSET_SELECT}`.execute(trx);
  return assetRecord(returnedRow(row));
}

/**
 * The last part of a file name, with the characters that would trouble a URL or a header (slashes, control
 * characters, quotes) replaced, so the served path and Content-Disposition stay plain.
 */
export function safeFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  // eslint-disable-next-line no-control-regex -- control characters are what is being replaced
  const cleaned = base.replace(/[\u0000-\u001f\u007f"%?#<>\\]/g, '_').trim();
  return (cleaned || 'asset').slice(0, 200);
}

/**
 * Updates one asset of writeRecords: metadata, device type, publication, the archive flag, partitions. Assets
 * are created with createAsset (a write without an id is refused), and an archived asset may only be
 * unarchived (ItemNotEditableError otherwise).
 */
export async function writeAsset(
  trx: Transaction<Database>,
  actor: Actor,
  input: AssetWrite,
  path: string,
): Promise<AssetRecord> {
  if (input.id === undefined)
    throw validation(`${path}.id`, 'An asset is created from an upload with createAsset');
  const stored = await readVisibleAsset(trx, actor, input.id, { forUpdate: true });
  if (!stored) throw new HeraldError('AssetNotFoundError');
  checkVersion(input, stored, path);
  if (stored.isArchived && input.isArchived !== false) throw new HeraldError('ItemNotEditableError');
  if (input.partitionIds !== undefined) {
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
    if (actor.partitionIds !== undefined && input.partitionIds.length === 0)
      throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  }
  const row = await sql<AssetRow>`
    UPDATE asset SET name = ${input.name ?? stored.name}, alt_text = ${input.altText ?? stored.altText},
      description = ${input.description ?? stored.description},
      tags = ${input.tags === undefined ? stored.tags : distinctTags(input.tags)}::text[],
      device_type = ${input.deviceType ?? stored.deviceType},
      is_published = ${input.isPublished ?? stored.isPublished}, is_archived = ${input.isArchived ?? stored.isArchived},
      partition_ids = ${input.partitionIds ?? stored.partitionIds}::integer[],
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${ASSET_SELECT}`.execute(trx);
  return assetRecord(returnedRow(row));
}
