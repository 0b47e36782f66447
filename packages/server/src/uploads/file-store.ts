import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Uploads are kept this long for the import that names them; extracts for their download. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const EXTRACT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Files on disk under the data directory: uploads waiting for an import, extracts waiting for download. */
export interface FileStore {
  uploadsDir: string;
  extractsDir: string;
  prepare(): Promise<void>;
  /** Deletes files older than their lifetime (their rows are expired by the callers' own queries). */
  sweep(now?: number): Promise<void>;
}

export function fileStoreOf(dataDir: string): FileStore {
  const uploadsDir = path.join(dataDir, 'files', 'uploads');
  const extractsDir = path.join(dataDir, 'files', 'extracts');
  return {
    uploadsDir,
    extractsDir,
    async prepare() {
      await mkdir(uploadsDir, { recursive: true });
      await mkdir(extractsDir, { recursive: true });
    },
    async sweep(now = Date.now()) {
      for (const [dir, lifetime] of [
        [uploadsDir, UPLOAD_LIFETIME_MS],
        [extractsDir, EXTRACT_LIFETIME_MS],
      ] as const) {
        for (const name of await readdir(dir).catch(() => [])) {
          const file = path.join(dir, name);
          const info = await stat(file).catch(() => undefined);
          if (info && now - info.mtimeMs > lifetime) await rm(file, { force: true });
        }
      }
    },
  };
}
