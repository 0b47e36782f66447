import { ASSET_CONTENT_TYPES, type AssetRecord, type StoredAssetFileType } from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { partitionVisibility } from '../subscribers/subscriber-access.ts';
import type { AssetTable } from './tables.ts';

/** An asset as ASSET_SELECT reads it: everything but its content. */
export type AssetRow = Omit<Selectable<AssetTable>, 'content' | 'created_by'>;

export const ASSET_SELECT = sql<AssetRow>`asset.id, asset.organization_id, asset.name, asset.kind, asset.file_type,
  asset.file_name, asset.size, asset.sha256, asset.preview_key, asset.alt_text, asset.description, asset.tags, asset.device_type,
  asset.is_published, asset.is_archived, asset.partition_ids, asset.created_at, asset.updated_at, asset.version`;

const iso = (value: Date) => new Date(value).toISOString();

/**
 * Where an asset is served (serve-asset.ts): under the organization and the asset's id, its file name last so
 * a saved file keeps its name. The name is URL-encoded once here and decoded by the router.
 */
export function assetPath(organizationId: number, assetId: number, fileName: string): string {
  return `/media/${organizationId}/${assetId}/${encodeURIComponent(fileName)}`;
}

export function assetRecord(row: AssetRow): AssetRecord {
  const fileType = row.file_type as StoredAssetFileType;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AssetRecord['kind'],
    fileType,
    contentType: ASSET_CONTENT_TYPES[fileType],
    fileName: row.file_name,
    size: row.size,
    sha256: row.sha256,
    path: assetPath(row.organization_id, row.id, row.file_name),
    previewPath: `${assetPath(row.organization_id, row.id, row.file_name)}?preview=${row.preview_key}`,
    altText: row.alt_text,
    description: row.description,
    tags: row.tags,
    deviceType: row.device_type as AssetRecord['deviceType'],
    isPublished: row.is_published,
    isArchived: row.is_archived,
    partitionIds: row.partition_ids,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/** The asset when the actor may reach it (within a restricted user's partitions); undefined otherwise. */
export async function readVisibleAsset(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  assetId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AssetRecord | undefined> {
  const lock = options.forUpdate ? sql`FOR UPDATE` : sql``;
  const rows = await sql<AssetRow>`SELECT ${ASSET_SELECT} FROM asset
    WHERE asset.id = ${assetId} AND asset.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('asset.partition_ids', actor)} ${lock}`.execute(db);
  const row = rows.rows[0];
  return row ? assetRecord(row) : undefined;
}
