import { contentBlockWriteSchema, resourceDefinitions } from '@herald/protocol';
import { tagCondition } from '../assets/asset-views.ts';
import { implementResource } from '../query/resources.ts';
import { writeEach } from '../query/write-helpers.ts';
import { CONTENT_BLOCK_SELECT, contentBlockRecord } from './content-block-record.ts';
import { writeContentBlock } from './write-content-block.ts';

/**
 * Content blocks (functional §3, §7): read by head office and franchisees (a restricted user sees those sharing
 * one of their partitions), written by content editors.
 */
export const contentBlockResource = implementResource({
  definition: resourceDefinitions.contentBlock,
  table: 'content_block',
  select: CONTENT_BLOCK_SELECT,
  toRecord: contentBlockRecord,
  filters: {
    id: { column: 'content_block.id' },
    name: { column: 'content_block.name' },
    format: { column: 'content_block.format' },
    isPublished: { column: 'content_block.is_published' },
    partitionIds: { column: 'content_block.partition_ids' },
    tag: { custom: (value) => tagCondition('content_block.tags', value) },
  },
  sortable: { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  search: ['content_block.name'],
  partitionColumn: 'content_block.partition_ids',
  write: writeEach(contentBlockWriteSchema, writeContentBlock),
});
