import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { AUDIENCE_GENERATION_STATES } from '../constants/enumerations.ts';
import { targetNodeSchema } from '../target/tree.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * An audience's state: functional §3's generation states, and `ready` once its members were written. An
 * audience is generated again (generateAudience) whenever its target or its subscribers change enough to matter.
 */
export const AUDIENCE_STATUSES = [...AUDIENCE_GENERATION_STATES, 'ready'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

/** What a target is sent as: its text (PROTOCOL §6) or its JSON tree. */
export const targetInputSchema = z.union([z.string().min(1).max(20_000), z.record(z.string(), z.unknown())]);

/** An audience as the server answers it (query type `audience`). */
export const audienceRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The target expression as its tree, and as canonical text. */
  target: targetNodeSchema,
  targetText: z.string(),
  status: z.enum(AUDIENCE_STATUSES),
  /** Members at the last generation (within a partition-restricted user's partitions for them); null before. */
  size: z.number().int().nullable(),
  /** Why the last generation failed, for administrators (users see the catalogue's message). */
  error: z.string().nullable(),
  isArchived: z.boolean(),
  partitionIds: z.array(z.number().int()),
  generatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AudienceRecord = z.infer<typeof audienceRecordSchema>;

/** Create (name and target needed) or update (id and version); archive and unarchive set isArchived. */
export const audienceWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(5000).optional(),
  target: targetInputSchema.optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  isArchived: z.boolean().optional(),
});
export type AudienceWrite = z.infer<typeof audienceWriteSchema>;

/** One day of an audience's size history (the audience report). */
export const audienceSizeDaySchema = z.object({ day: z.string(), size: z.number().int() });
export type AudienceSizeDay = z.infer<typeof audienceSizeDaySchema>;

export const audienceResource = defineResource({
  type: 'audience',
  description: 'Audiences: subscribers a target expression chose, generated as a job.',
  record: audienceRecordSchema,
  write: audienceWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    isArchived: filterOn.flag,
    status: filterOn.code,
    partitionIds: filterOn.partitions,
  },
  sortKeys: ['name', 'size', 'createdAt', 'updatedAt', 'generatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.audience,
  live: true,
});
