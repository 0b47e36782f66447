import { rm } from 'node:fs/promises';
import {
  HeraldError,
  IMPORT_FILE_TYPES,
  type AssetFileType,
  type ImportFileType,
  type UploadFileType,
} from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { UPLOAD_LIFETIME_MS } from './file-store.ts';
import type { TextEncodingName } from './detect-file-type.ts';

/** An upload as the imports read it. */
export interface StoredUpload {
  id: string;
  organizationId: number;
  userId: number | null;
  fileName: string;
  fileType: UploadFileType | AssetFileType;
  encoding: TextEncodingName | 'binary';
  size: number;
  path: string;
}

/** An upload for the imports: a CSV, TSV or Excel file. */
export interface ImportUpload extends StoredUpload {
  fileType: ImportFileType;
}

/**
 * The organization's import upload named `fileId`, while it is kept (UPLOAD_LIFETIME_MS). Another
 * organization's upload, one that expired, or an asset upload is UploadNotFoundError: the caller learns nothing
 * about the difference. A zip is ImportFileUnsupported.
 */
export async function findUpload(
  db: Kysely<Database>,
  organizationId: number,
  fileId: string,
  options: { anyAge?: boolean } = {},
): Promise<ImportUpload> {
  const upload = await findAnyUpload(db, organizationId, fileId, options);
  // A zip (a template package's, or an asset bundle) is no import file: the imports never read it as one.
  if (upload.fileType === 'zip') throw new HeraldError('ImportFileUnsupported');
  if (!(IMPORT_FILE_TYPES as readonly string[]).includes(upload.fileType))
    throw new HeraldError('UploadNotFoundError');
  return upload as ImportUpload;
}

/** The organization's upload named `fileId`, of any purpose, while it is kept (see findUpload). */
export async function findAnyUpload(
  db: Kysely<Database>,
  organizationId: number,
  fileId: string,
  options: { anyAge?: boolean } = {},
): Promise<StoredUpload> {
  // A running import keeps reading its file after the lifetime (anyAge); only new imports are refused.
  const keptSince = options.anyAge ? new Date(0) : new Date(Date.now() - UPLOAD_LIFETIME_MS);
  const row = await db
    .selectFrom('upload')
    .selectAll()
    .where('id', '=', fileId)
    .where('organization_id', '=', organizationId)
    .where('created_at', '>', keptSince)
    .executeTakeFirst();
  if (!row) throw new HeraldError('UploadNotFoundError');
  return {
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    fileName: row.file_name,
    fileType: row.file_type as StoredUpload['fileType'],
    encoding: row.encoding as StoredUpload['encoding'],
    size: Number(row.size),
    path: row.path,
  };
}

export async function saveUpload(db: Kysely<Database>, upload: StoredUpload): Promise<void> {
  await db
    .insertInto('upload')
    .values({
      id: upload.id,
      organization_id: upload.organizationId,
      user_id: upload.userId,
      file_name: upload.fileName,
      file_type: upload.fileType,
      encoding: upload.encoding,
      size: upload.size,
      path: upload.path,
    })
    .execute();
}

let lastExpiry = 0;
const EXPIRY_EVERY_MS = 10 * 60 * 1000;

/**
 * Forgets uploads older than their lifetime and deletes their files. Called on each upload, at most every
 * ten minutes per process. Imports take minutes, not a day, so a running one does not lose its file.
 */
export async function expireUploads(db: Kysely<Database>, now = Date.now()): Promise<number> {
  if (now - lastExpiry < EXPIRY_EVERY_MS) return 0;
  lastExpiry = now;
  const expired = await sql<{ path: string }>`
    DELETE FROM upload WHERE created_at < ${new Date(now - UPLOAD_LIFETIME_MS)} RETURNING path`.execute(db);
  await Promise.all(expired.rows.map((row) => rm(row.path, { force: true })));
  return expired.rows.length;
}

/** Lets the next expireUploads call run at once (tests). */
export function resetUploadExpiryClock(): void {
  lastExpiry = 0;
}
