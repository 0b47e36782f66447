import { assetWriteSchema, resourceDefinitions } from '@herald/protocol';
import { implementResource } from '../query/resources.ts';
import { writeEach } from '../query/write-helpers.ts';
import { ASSET_SELECT, assetRecord } from './asset-record.ts';
import { assetViewCondition, tagCondition } from './asset-views.ts';
import { writeAsset } from './write-asset.ts';

/**
 * Assets (functional §3): read by head office and franchisees (a restricted user sees those sharing one of
 * their partitions), updated by content editors. The content column is never selected here.
 */
export const assetResource = implementResource({
  definition: resourceDefinitions.asset,
  table: 'asset',
  select: ASSET_SELECT,
  toRecord: assetRecord,
  filters: {
    id: { column: 'asset.id' },
    name: { column: 'asset.name' },
    kind: { column: 'asset.kind' },
    deviceType: { column: 'asset.device_type' },
    isPublished: { column: 'asset.is_published' },
    isArchived: { column: 'asset.is_archived' },
    partitionIds: { column: 'asset.partition_ids' },
    tag: { custom: (value) => tagCondition('asset.tags', value) },
    view: { custom: (value) => assetViewCondition(value) },
  },
  sortable: { name: 'name', size: 'size', createdAt: 'created_at', updatedAt: 'updated_at' },
  search: ['asset.name', 'asset.file_name', 'asset.description'],
  partitionColumn: 'asset.partition_ids',
  write: writeEach(assetWriteSchema, writeAsset),
});
