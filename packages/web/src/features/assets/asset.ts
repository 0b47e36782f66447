import { ASSET_FILTERS, ASSET_LIMIT } from '@herald/protocol';
import type { AssetFilter, ResourceRecord, UploadedFile } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';
import { uploadFile } from '../lists/transfer.ts';

/** An asset as the list kit carries it. */
export type Asset = ResourceRecord<'asset'>;

/** Functional §9: the asset screens show 20 a page. */
export const ASSET_PAGE_SIZE = ASSET_LIMIT;

/** What the server sorts assets by (the asset resource's sortable columns). */
export const ASSET_SORT_KEYS = ['createdAt', 'name', 'size', 'updatedAt'] as const;

/** Functional §2: the asset views all, published and archived. */
export const assetListDefinition: ListDefinition = {
  filters: ASSET_FILTERS,
  sortKeys: ASSET_SORT_KEYS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
};

/** The `query` filter (type asset) for the screen's view and partition. */
export function assetQueryFilter(params: Pick<ListParams, 'filter' | 'partition'>): Record<string, unknown> {
  const view = (ASSET_FILTERS as readonly string[]).includes(params.filter)
    ? (params.filter as AssetFilter)
    : 'all';
  return {
    view,
    ...(params.partition !== null ? { partitionIds: { overlaps: [params.partition] } } : {}),
  };
}

/** What the file picker offers; the server decides by content. */
export const ASSET_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg'],
  'text/html': ['.html', '.htm'],
};

/** The bulk import also takes zips of those. */
export const ASSET_IMPORT_ACCEPT = { ...ASSET_ACCEPT, 'application/zip': ['.zip'] };

/** Uploads one asset file (an image, a snippet or a zip) with the form's `purpose` set to asset. */
export function uploadAssetFile(
  file: File,
  credentials: { jwt: string; organizationId: number },
): Promise<UploadedFile> {
  return uploadFile(file, { ...credentials, purpose: 'asset' });
}

/** Tags as typed in a comma-separated field, trimmed, blanks dropped. */
export function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The address an asset is served on, on this origin (PROTOCOL §1: one origin serves everything). */
export function publicUrlOf(asset: Pick<Asset, 'path'>, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}${asset.path}`;
}
