import { ASSET_FILTERS, type AssetFilter } from '@herald/protocol';
import { sql, type RawBuilder } from 'kysely';
import { validation } from '../query/resources.ts';

/** The SQL of an asset view (functional §2: all, published, archived); `all` is every asset not archived. */
export function assetViewCondition(value: unknown): RawBuilder<unknown> {
  if (typeof value !== 'string' || !(ASSET_FILTERS as readonly string[]).includes(value))
    throw validation('filter.view', `One of ${ASSET_FILTERS.join(', ')}`);
  const conditions: Record<AssetFilter, RawBuilder<unknown>> = {
    all: sql`asset.is_archived = false`,
    published: sql`asset.is_published AND asset.is_archived = false`,
    archived: sql`asset.is_archived`,
  };
  return conditions[value as AssetFilter];
}

/** Records carrying one tag, compared without case. */
export function tagCondition(column: string, value: unknown): RawBuilder<unknown> {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 60)
    throw validation('filter.tag', 'A tag');
  return sql`lower(${value.trim()}) = ANY (SELECT lower(tag) FROM unnest(${sql.ref(column)}) AS tag)`;
}
