import { z } from 'zod';
import { ASSET_FILTERS } from '../constants/enumerations.ts';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * The most one asset may weigh: a larger upload is refused whole with AssetTooLargeError (docs/http.md § Asset
 * uploads).
 */
export const ASSET_MAX_BYTES = 10 * 1024 * 1024;
/** The most a zip uploaded for a bulk import (importAssets) may weigh. */
export const ASSET_ZIP_MAX_BYTES = 100 * 1024 * 1024;

/** What an asset holds: an image, or an HTML snippet a template or an activity places as it is. */
export const ASSET_KINDS = ['image', 'html'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/**
 * The file types an asset upload is recognised as, by content (never by name): the five image types, an HTML
 * snippet, and a zip (only for a bulk import, importAssets).
 */
export const ASSET_FILE_TYPES = ['png', 'jpeg', 'gif', 'webp', 'svg', 'html', 'zip'] as const;
export type AssetFileType = (typeof ASSET_FILE_TYPES)[number];

/** The Content-Type each stored file type is served with. */
export const ASSET_CONTENT_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  html: 'text/html; charset=utf-8',
} as const satisfies Record<Exclude<AssetFileType, 'zip'>, string>;
export type StoredAssetFileType = keyof typeof ASSET_CONTENT_TYPES;

/** Which screens an asset is meant for (functional §3 Asset: device type). */
export const ASSET_DEVICE_TYPES = ['all', 'desktop', 'mobile'] as const;
export type AssetDeviceType = (typeof ASSET_DEVICE_TYPES)[number];

/** An asset's metadata (functional §3): alt text for images, a description, and tags to find it by. */
const assetTagsField = z.array(z.string().trim().min(1).max(60)).max(30);

/**
 * An asset as the server answers it (query type `asset`). `path` is where it is served on the organization's
 * public URL (`/media/{organizationId}/{id}/{fileName}`, PROTOCOL §1's one origin); content itself is never in
 * a record.
 */
export const assetRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ASSET_KINDS),
  fileType: z.enum(ASSET_FILE_TYPES),
  contentType: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** The SHA-256 of the content, hex: the served file's ETag. */
  sha256: z.string(),
  path: z.string(),
  /**
   * `path` with the asset's preview key: shows it even while unpublished (the console's thumbnails and
   * preview). Only those who may read the asset get it, as they get the record.
   */
  previewPath: z.string(),
  altText: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  deviceType: z.enum(ASSET_DEVICE_TYPES),
  isPublished: z.boolean(),
  isArchived: z.boolean(),
  partitionIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AssetRecord = z.infer<typeof assetRecordSchema>;

/** What createAsset and writeRecords take of an asset's editable fields. */
export const assetFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  altText: z.string().max(500).optional(),
  description: z.string().max(2000).optional(),
  tags: assetTagsField.optional(),
  deviceType: z.enum(ASSET_DEVICE_TYPES).optional(),
  isPublished: z.boolean().optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
});
export type AssetFields = z.infer<typeof assetFieldsSchema>;

/**
 * An update of an asset through writeRecords: its id and the version (or updatedAt) read, plus the metadata,
 * publication, archive flag or partitions it changes. Assets are created from an upload with createAsset, so a
 * write without an id is refused; the content of an asset never changes (upload a new one).
 */
export const assetWriteSchema = assetFieldsSchema.extend({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  isArchived: z.boolean().optional(),
});
export type AssetWrite = z.infer<typeof assetWriteSchema>;

export const assetResource = defineResource({
  type: 'asset',
  description:
    'Assets (functional §3): images (PNG, JPEG, GIF, WebP, SVG) and HTML snippets, stored by Herald ' +
    'and served on the organization’s public URL at `path`. Created with createAsset or importAssets from an ' +
    'upload; writeRecords updates metadata, device type, publication, the archive flag and partitions. Views ' +
    '(`view`): `all` (not archived), `published` (published, not archived) and `archived`. `tag` matches one ' +
    'tag exactly (case-insensitive). Search looks in the name, file name and description. The web shows 20 a page ' +
    '(ASSET_LIMIT).',
  record: assetRecordSchema,
  write: assetWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    kind: filterOn.code,
    deviceType: filterOn.code,
    isPublished: filterOn.flag,
    isArchived: filterOn.flag,
    partitionIds: filterOn.partitions,
    tag: { kind: 'named', description: 'one tag; assets carrying it (case-insensitive)' },
    view: { kind: 'named', description: `one of ${ASSET_FILTERS.join(', ')} (see the type's description)` },
  },
  sortKeys: ['name', 'size', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.asset,
  live: true,
});
