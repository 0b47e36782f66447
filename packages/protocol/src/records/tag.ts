import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * A tag's figures (functional §3): contactable subscribers with the tag, and the averages of their predicted
 * engagement, conversion and value scores (null when none has a score yet).
 */
export const tagStatsSchema = z.object({
  subscribers: z.number().int(),
  contactable: z.number().int(),
  predictedEngagement: z.number().nullable(),
  predictedConversion: z.number().nullable(),
  predictedValue: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type TagStats = z.infer<typeof tagStatsSchema>;

/** A tag as the server answers it (query type `tag`). */
export const tagRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isArchived: z.boolean(),
  stats: tagStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TagRecord = z.infer<typeof tagRecordSchema>;

/** Create (name needed, unique in the organization in any case) or update (id and version). */
export const tagWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(2000).optional(),
  isArchived: z.boolean().optional(),
});
export type TagWrite = z.infer<typeof tagWriteSchema>;

export const tagResource = defineResource({
  type: 'tag',
  description: "Tags (the spec's clusters): names put on subscribers.",
  record: tagRecordSchema,
  write: tagWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    isArchived: filterOn.flag,
  },
  sortKeys: ['name', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.tag,
  live: true,
});
