import { ASSET_MAX_BYTES, HeraldError } from '@herald/protocol';
import yauzl from 'yauzl';
import { byteSizeText } from '../imports/import-limits.ts';

/** One file inside a zip, as its central directory describes it. */
export interface ZipFileEntry {
  fileName: string;
  /** What it says it inflates to; yauzl checks the real size against it while reading. */
  uncompressedSize: number;
}

/** Folders, and the clutter archivers add (macOS resource forks, hidden files), are not files to import. */
export function isImportableEntry(fileName: string): boolean {
  if (fileName.endsWith('/')) return false;
  return !fileName.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

/** File names that say image or HTML: what an import expects to find (the content decides in the end). */
export function looksLikeAsset(fileName: string): boolean {
  return /\.(png|jpe?g|gif|webp|svg|html?)$/i.test(fileName);
}

/**
 * Visits each importable file of a zip in order, with a reader that inflates it whole, at most ASSET_MAX_BYTES
 * (a larger one is AssetTooLargeError without being inflated). Nothing is written to disk; a zip yauzl cannot
 * read is AssetFileUnsupportedError.
 */
export function forEachZipEntry(
  filePath: string,
  visit: (entry: ZipFileEntry, read: () => Promise<Buffer>) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) {
        reject(new HeraldError('AssetFileUnsupportedError'));
        return;
      }
      const fail = (error: unknown) => {
        zip.close();
        reject(error instanceof HeraldError ? error : new HeraldError('AssetFileUnsupportedError'));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!isImportableEntry(entry.fileName)) {
          zip.readEntry();
          return;
        }
        const read = () => readEntry(zip, entry);
        visit({ fileName: entry.fileName, uncompressedSize: entry.uncompressedSize }, read).then(
          () => zip.readEntry(),
          fail,
        );
      });
      zip.readEntry();
    });
  });
}

/** Lists a zip's importable files without inflating any. */
export async function listZipEntries(filePath: string): Promise<ZipFileEntry[]> {
  const entries: ZipFileEntry[] = [];
  await forEachZipEntry(filePath, async (entry) => {
    entries.push(entry);
  });
  return entries;
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  if (entry.uncompressedSize > ASSET_MAX_BYTES)
    return Promise.reject(
      new HeraldError('AssetTooLargeError', { values: { limit: byteSizeText(ASSET_MAX_BYTES) } }),
    );
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new HeraldError('AssetFileUnsupportedError'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // yauzl already stops at the declared size; this is the wall should a declaration lie.
        if (size > ASSET_MAX_BYTES)
          stream.destroy(
            new HeraldError('AssetTooLargeError', { values: { limit: byteSizeText(ASSET_MAX_BYTES) } }),
          );
        else chunks.push(chunk);
      });
      // A corrupt entry, or one inflating past its declared size, is refused as a file that cannot be read.
      stream.on('error', (streamError) =>
        reject(
          streamError instanceof HeraldError ? streamError : new HeraldError('AssetFileUnsupportedError'),
        ),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
