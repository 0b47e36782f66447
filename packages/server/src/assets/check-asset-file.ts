import {
  ASSET_MAX_BYTES,
  HeraldError,
  type AssetFileType,
  type AssetKind,
  type StoredAssetFileType,
} from '@herald/protocol';
import { byteSizeText } from '../imports/import-limits.ts';
import { lazyModule } from '../lazy-module.ts';
import { refuseUnsafeSvg } from './svg-safety.ts';

/** file-type, loaded when an asset is first checked (lazy-module.ts). */
const fileType = lazyModule(() => import('file-type'));

/** The binary types file-type recognises that an asset may be, by the MIME type it answers. */
const IMAGE_TYPES: Readonly<Record<string, StoredAssetFileType>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** File names that promise an image: a file so named must hold one (not HTML dressed up as a picture). */
const IMAGE_NAME = /\.(png|jpe?g|gif|webp|svg|bmp|ico|tiff?|avif|heic)$/i;

/** What an asset file turned out to be. */
export interface CheckedAssetFile {
  fileType: StoredAssetFileType;
  kind: AssetKind;
}

/** The kind of a stored type. */
export function kindOf(fileType: StoredAssetFileType): AssetKind {
  return fileType === 'html' ? 'html' : 'image';
}

/**
 * Decides what an upload is from its first bytes, never from its name or the client's word: a PNG, JPEG, GIF or
 * WebP by file-type's signatures, a zip (only when `zip` is allowed: a bulk import), or text that is an SVG
 * (its root element) or an HTML snippet. Anything else is AssetFileUnsupportedError, and so is HTML in a file
 * named as an image.
 */
export async function detectAssetFileType(
  head: Uint8Array,
  fileName: string,
  options: { zip: boolean },
): Promise<AssetFileType> {
  const { fileTypeFromBuffer } = await fileType();
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const image = IMAGE_TYPES[detected.mime];
    if (image) return image;
    if (detected.ext === 'zip' && options.zip) return 'zip';
    if (detected.ext !== 'xml') throw new HeraldError('AssetFileUnsupportedError');
  }
  const text = textOf(head);
  if (text === undefined) throw new HeraldError('AssetFileUnsupportedError');
  if (isSvg(text)) return 'svg';
  if (/<[a-z!][^>]*>/i.test(text) && !IMAGE_NAME.test(fileName)) return 'html';
  throw new HeraldError('AssetFileUnsupportedError');
}

/**
 * Checks a whole asset file: its size (AssetTooLargeError past 10 MB, InvalidFileSizeError for a negative size),
 * its type by content, and an SVG's safety (UnsafeSvgError). Answers what it is; refuses anything else.
 */
export async function checkAssetFile(content: Buffer, fileName: string): Promise<CheckedAssetFile> {
  checkAssetSize(content.length);
  if (content.length === 0) throw new HeraldError('AssetFileUnsupportedError');
  const fileType = await detectAssetFileType(content.subarray(0, 64 * 1024), fileName, { zip: false });
  if (fileType === 'zip') throw new HeraldError('AssetFileUnsupportedError');
  if (fileType === 'svg' || fileType === 'html') {
    const text = textOf(content);
    if (text === undefined) throw new HeraldError('AssetFileUnsupportedError');
    if (fileType === 'svg') refuseUnsafeSvg(text);
  }
  return { fileType, kind: kindOf(fileType) };
}

/** Functional §8: a negative size is "Invalid file size"; more than the asset limit is refused whole. */
export function checkAssetSize(size: number): void {
  if (!Number.isFinite(size) || size < 0) throw new HeraldError('InvalidFileSizeError');
  if (size > ASSET_MAX_BYTES)
    throw new HeraldError('AssetTooLargeError', { values: { limit: byteSizeText(ASSET_MAX_BYTES) } });
}

/** The bytes as UTF-8 text without a byte-order mark; undefined when they are not text (NULs, invalid UTF-8). */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    // A multi-byte sequence cut at the end of a head is not a reason to call the file binary.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** Whether the first element of the text, after any XML declaration, comments and whitespace, is <svg>. */
function isSvg(text: string): boolean {
  const start = text.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/i.test(start);
}
