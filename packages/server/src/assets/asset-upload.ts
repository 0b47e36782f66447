import { readFile } from 'node:fs/promises';
import { ASSET_ZIP_MAX_BYTES, HeraldError, type AssetFileType, type Capability } from '@herald/protocol';
import { byteSizeText } from '../imports/import-limits.ts';
import { ContentProbe, type ContentFacts } from '../uploads/content-probe.ts';
import { checkAssetFile, checkAssetSize, detectAssetFileType } from './check-asset-file.ts';

/** Who may upload assets: those who may create them (content-edit). */
export const ASSET_UPLOAD_CAPABILITY: Capability = 'content-edit';

/** The probe an asset upload streams through: no file of it may pass a zip's limit, the largest it takes. */
export function assetUploadProbe(): ContentProbe {
  return new ContentProbe(
    ASSET_ZIP_MAX_BYTES,
    (limit) => new HeraldError('AssetTooLargeError', { values: { limit: byteSizeText(limit) } }),
  );
}

/**
 * Checks an asset upload as it arrives, so a bad file is refused at once and nothing of it is kept: a zip (for a
 * bulk import, whose files are checked one by one when imported) or a single asset, checked whole as
 * createAsset will check it again (type by content, 10 MB, SVG safety).
 */
export async function checkAssetUpload(
  filePath: string,
  fileName: string,
  facts: ContentFacts,
): Promise<{ fileType: AssetFileType; encoding: 'binary' }> {
  if (facts.size === 0) throw new HeraldError('AssetFileUnsupportedError');
  const detected = await detectAssetFileType(facts.head, fileName, { zip: true });
  if (detected === 'zip') return { fileType: 'zip', encoding: 'binary' };
  checkAssetSize(facts.size);
  const { fileType } = await checkAssetFile(await readFile(filePath), fileName);
  return { fileType, encoding: 'binary' };
}
