import type { ResourceRecord } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

export type ContentBlock = ResourceRecord<'contentBlock'>;

/** The blocks screen's filters: every block, the published ones (what the editor offers) or drafts. */
export const CONTENT_BLOCK_FILTERS = ['all', 'published', 'draft'] as const;

export const contentBlockListDefinition: ListDefinition = {
  filters: CONTENT_BLOCK_FILTERS,
  sortKeys: ['name', 'updatedAt', 'createdAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
};

export function contentBlockQueryFilter(params: Pick<ListParams, 'filter'>): Record<string, unknown> {
  if (params.filter === 'published') return { isPublished: true };
  if (params.filter === 'draft') return { isPublished: false };
  return {};
}
