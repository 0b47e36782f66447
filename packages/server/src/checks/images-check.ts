import type { CheckResult } from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/** An image asset larger than this warns: it is slow to load on a phone and may be blocked by size. */
export const IMAGE_SIZE_WARNING_BYTES = 1024 * 1024;

/** What the images check needs to know of one of the organization's assets. */
export interface AssetFacts {
  name: string;
  size: number;
  isPublished: boolean;
}

/** Herald's own asset path (assets/asset-record.ts): `/media/{organizationId}/{assetId}/{fileName}`. */
const MEDIA_PATH = /\/media\/(\d{1,10})\/(\d{1,10})\//;

/** The organization's own asset an image source points at, whatever host serves it; undefined otherwise. */
export function assetIdOf(src: string, organizationId: number): number | undefined {
  const match = MEDIA_PATH.exec(src);
  if (!match || Number(match[1]) !== organizationId) return undefined;
  return Number(match[2]);
}

/** The ids of the organization's assets the versions show as images, to look up before checking. */
export function imageAssetIds(content: CheckedContent, organizationId: number): number[] {
  const ids = new Set<number>();
  for (const version of content.versions)
    for (const image of version.page.images) {
      const id = image.src === undefined ? undefined : assetIdOf(image.src, organizationId);
      if (id !== undefined) ids.add(id);
    }
  return [...ids];
}

/**
 * `images`, per version: an image without alt text (warn: a reader with images off or a screen reader gets
 * nothing), without a source or pointing at an asset that is gone or unpublished (fail: it shows broken), on
 * plain http (warn: clients block or flag it), or an asset over IMAGE_SIZE_WARNING_BYTES (warn).
 */
export function checkImages(
  content: CheckedContent,
  assets: ReadonlyMap<number, AssetFacts>,
  organizationId: number,
): CheckResult {
  const findings: Finding[] = [];
  let count = 0;
  for (const { variation, page } of content.versions) {
    const add = (status: Finding['status'], text: string) => findings.push({ status, text, variation });
    for (const image of page.images) {
      count += 1;
      const src = image.src?.trim() ?? '';
      if (!src) {
        add('fail', 'An image has no source: choose its picture or remove it.');
        continue;
      }
      const shown = shortened(src);
      if (!image.alt?.trim()) add('warn', `Image ${shown} has no alt text: describe it.`);
      if (/^http:/i.test(src)) add('warn', `Image ${shown} is on http: use its https address.`);
      const assetId = assetIdOf(src, organizationId);
      if (assetId === undefined) continue;
      const asset = assets.get(assetId);
      if (!asset) add('fail', `Image ${shown} is an asset that no longer exists: choose another picture.`);
      else if (!asset.isPublished)
        add('fail', `Asset “${asset.name}” is not published: publish it or choose another picture.`);
      else if (asset.size > IMAGE_SIZE_WARNING_BYTES)
        add(
          'warn',
          `Asset “${asset.name}” is ${(asset.size / 1024 / 1024).toFixed(1)} MB: use an image under ${IMAGE_SIZE_WARNING_BYTES / 1024 / 1024} MB.`,
        );
    }
  }
  const pass =
    count === 0 ? 'There are no images.' : 'Every image has alt text and a published, secure source.';
  return checkOutcome('images', findings, pass, content.versions.length);
}

/** A URL short enough for a sentence: its last path segment, or its first 60 characters. */
export function shortened(url: string): string {
  const bare = url.split(/[?#]/)[0] ?? url;
  const name = bare.slice(bare.lastIndexOf('/') + 1);
  if (name && name.length <= 60) return `“${name}”`;
  return `“${url.length > 60 ? `${url.slice(0, 57)}…` : url}”`;
}
