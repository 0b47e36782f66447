import { z } from 'zod';
import { assetFieldsSchema, assetRecordSchema } from '../records/asset.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

export * from '../records/asset.ts';

/** The most files one bulk import takes: uploads (each an image, an HTML snippet or a zip) and zip entries. */
export const ASSET_IMPORT_MAX_FILES = 500;
/** The most the files inside a bulk import's zips may inflate to, together. */
export const ASSET_IMPORT_MAX_INFLATED_BYTES = 500 * 1024 * 1024;

/** One file of a bulk import: imported as an asset, or refused with the reason (a catalogue error). */
export const assetImportFileSchema = z.object({
  /** The file's name, with its folder inside a zip (`summer/banner.png`). */
  fileName: z.string(),
  status: z.enum(['imported', 'refused']),
  assetId: z.number().int().optional(),
  error: z.object({ type: z.string(), message: z.string() }).optional(),
});
export type AssetImportFile = z.infer<typeof assetImportFileSchema>;

/** A finished asset import job's `result`. */
export const assetImportResultSchema = z.object({
  imported: z.number().int(),
  refused: z.number().int(),
  files: z.array(assetImportFileSchema),
});
export type AssetImportResult = z.infer<typeof assetImportResultSchema>;

/** An activity that uses an asset: its latest revision's content holds the asset's path. */
export const assetUsageSchema = z.object({
  activityId: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  type: z.string(),
  revisionId: z.number().int(),
});
export type AssetUsage = z.infer<typeof assetUsageSchema>;

const assetIdField = z.number().int().positive();

/**
 * Organization-channel commands of assets (docs/architecture.md § Assets and content blocks); the `asset` query
 * type is in records/asset.ts.
 */
export const assetCommands = {
  createAsset: defineCommand({
    channel: 'organization',
    description:
      'Creates an asset from an upload (`fileId`, from POST /uiv5-upload/ with `purpose` asset) or from an HTML ' +
      'snippet typed in (`html`). The file is checked again by content: PNG, JPEG, GIF, WebP, SVG or HTML (a ' +
      'file named as an image that is really HTML is refused with AssetFileUnsupportedError), at most 10 MB ' +
      '(AssetTooLargeError), an SVG without script, event-handler attributes, javascript: URLs, foreignObject ' +
      'or external references (UnsafeSvgError). `name` defaults to the file name. Answers the asset as stored. ' +
      'Needs content-edit; a restricted user’s asset is in (some of) their partitions.',
    params: assetFieldsSchema
      .extend({
        organizationId: organizationIdField,
        fileId: z.string().min(1).max(64).optional(),
        html: z.string().min(1).max(1_000_000).optional(),
      })
      .refine((params) => (params.fileId === undefined) !== (params.html === undefined), {
        message: 'Give an uploaded fileId or an html snippet, one of the two',
        path: ['fileId'],
      }),
    result: assetRecordSchema,
  }),
  importAssets: defineCommand({
    channel: 'organization',
    description:
      'Bulk import (assets/importdominos): each upload named in `fileIds` is an image, an HTML snippet or a zip ' +
      'of them (folders inside are kept in the names); each file becomes an asset, checked as createAsset ' +
      `checks, or is refused with its reason. At most ${ASSET_IMPORT_MAX_FILES} files, and zips inflating to at ` +
      `most ${ASSET_IMPORT_MAX_INFLATED_BYTES / 1024 / 1024} MB in all (AssetImportTooLargeError). An import with ` +
      'no image or HTML file at all is refused at once (AssetImportEmptyError). Runs as a job of kind ' +
      '`assetImport` (answers `{jobId}`) whose result is {imported, refused, files: [{fileName, status, ' +
      'assetId?, error?}]}. `isPublished`, `tags`, `deviceType` and `partitionIds` apply to every imported asset. ' +
      'Needs content-edit.',
    params: z.object({
      organizationId: organizationIdField,
      fileIds: z.array(z.string().min(1).max(64)).min(1).max(ASSET_IMPORT_MAX_FILES),
      isPublished: z.boolean().optional(),
      tags: assetFieldsSchema.shape.tags,
      deviceType: assetFieldsSchema.shape.deviceType,
      partitionIds: assetFieldsSchema.shape.partitionIds,
    }),
    result: z.object({ jobId: z.number().int() }),
  }),
  getAssetUsage: defineCommand({
    channel: 'organization',
    description:
      'Where an asset is used (its statistics): the activities whose latest revision’s content references its ' +
      'path, newest first, at most 100. Needs base or franchisee; a restricted user sees only the activities of ' +
      'their partitions. An unknown asset answers AssetNotFoundError.',
    params: z.object({ organizationId: organizationIdField, assetId: assetIdField }),
    result: z.object({ activities: z.array(assetUsageSchema) }),
  }),
  getAssetPreviewUrl: defineCommand({
    channel: 'organization',
    description:
      'A URL (its `path` with a `preview` key) that shows the asset even while it is not published, for the ' +
      'console’s preview; a published asset is served on its bare `path` to anyone. The key is the asset’s own ' +
      'random key, given only to those who may read the asset, and served privately (no shared cache). Needs ' +
      'base or franchisee. An unknown asset answers AssetNotFoundError.',
    params: z.object({ organizationId: organizationIdField, assetId: assetIdField }),
    result: z.object({ url: z.string() }),
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
