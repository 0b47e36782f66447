import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** How a block's content is written: HTML, or MJML body markup (sections or columns) the e-mail renderer expands. */
export const CONTENT_BLOCK_FORMATS = ['html', 'mjml'] as const;
export type ContentBlockFormat = (typeof CONTENT_BLOCK_FORMATS)[number];

/** The most a block's content may weigh, in characters: well under an e-mail's 100K warning (functional §5). */
export const CONTENT_BLOCK_MAX_CHARACTERS = 100_000;

/**
 * A content block as the server answers it (query type `contentBlock`, functional §3): reusable content with a
 * published status, tags and partitions. `target` is the canonical text of a target expression (PROTOCOL §6)
 * naming who the block is for, set with updateContentBlockTarget; null for everyone.
 */
export const contentBlockRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(CONTENT_BLOCK_FORMATS),
  content: z.string(),
  tags: z.array(z.string()),
  isPublished: z.boolean(),
  target: z.string().nullable(),
  partitionIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ContentBlockRecord = z.infer<typeof contentBlockRecordSchema>;

/**
 * What the e-mail editor inserts of a published block: its id (kept in the content so the block can be found
 * and refreshed), its name (shown in the block list) and its content and format.
 */
export const insertableContentBlockSchema = contentBlockRecordSchema.pick({
  id: true,
  name: true,
  format: true,
  content: true,
});
export type InsertableContentBlock = z.infer<typeof insertableContentBlockSchema>;

/** The editor's query for the blocks it offers: published ones by name, at most CONTENT_BLOCK_LIMIT (100). */
export const PUBLISHED_CONTENT_BLOCKS_QUERY = {
  query: { type: 'contentBlock', filter: { isPublished: true } },
  sortKey: 'name',
  sortOrder: 'asc',
  limit: 100,
} as const;

/**
 * A create (name and content needed) or an update (id and version, plus what changes). The target is not
 * written here but with updateContentBlockTarget, which checks it against the organization.
 */
export const contentBlockWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  format: z.enum(CONTENT_BLOCK_FORMATS).optional(),
  content: z.string().max(CONTENT_BLOCK_MAX_CHARACTERS).optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
  isPublished: z.boolean().optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
});
export type ContentBlockWrite = z.infer<typeof contentBlockWriteSchema>;

export const contentBlockResource = defineResource({
  type: 'contentBlock',
  description:
    'Content blocks (functional §3, §7): reusable HTML or MJML content the e-mail editor inserts and activities ' +
    'use as partition content. Query published blocks by tag and partitionIds, limit 100 (CONTENT_BLOCK_LIMIT). ' +
    '`tag` matches one tag exactly (case-insensitive). The editor asks for them by name (sortKey name, asc). ' +
    'Search looks in the name. Written by content editors; the target with updateContentBlockTarget.',
  record: contentBlockRecordSchema,
  write: contentBlockWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    format: filterOn.code,
    isPublished: filterOn.flag,
    partitionIds: filterOn.partitions,
    tag: { kind: 'named', description: 'one tag; blocks carrying it (case-insensitive)' },
  },
  sortKeys: ['name', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.contentBlock,
  live: true,
});
