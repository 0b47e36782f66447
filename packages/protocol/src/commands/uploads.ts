import { z } from 'zod';
import { UPLOAD_FILE_TYPES } from '../constants/functional.ts';
import { ASSET_FILE_TYPES } from '../records/asset.ts';

/** How a text upload's bytes were read: UTF-8 when every byte is valid UTF-8, else Windows-1252 (Latin-1). */
export const IMPORT_FILE_ENCODINGS = ['utf-8', 'windows-1252', 'binary'] as const;

/** One stored file of an upload; `fileId` names it to previewImportFile, bulkWriteSubscribers and the other imports. */
export const uploadedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileType: z.union([z.enum(UPLOAD_FILE_TYPES), z.enum(ASSET_FILE_TYPES)]),
  size: z.number().int(),
  encoding: z.enum(IMPORT_FILE_ENCODINGS),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The answer of POST /uiv5-upload/ (an HTTP route, not a channel command): one entry per file part, in order. */
export const uploadResponseSchema = z.object({ files: z.array(uploadedFileSchema) });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
