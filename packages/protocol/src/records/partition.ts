import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** A partition (head office or a franchise store) as the server answers it (query type `partition`). */
export const partitionRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  externalRef: z.string().nullable(),
  partitionSetId: z.number().int().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  subscriberCount: z.number().int().optional(),
});
export type PartitionRecord = z.infer<typeof partitionRecordSchema>;

/** Create (name needed) or update (id) a partition; partitions are settings, so only admins write them. */
export const partitionWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200).optional(),
  externalRef: z.string().trim().max(200).nullable().optional(),
  partitionSetId: z.number().int().positive().nullable().optional(),
  customFields: z
    .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type PartitionWrite = z.infer<typeof partitionWriteSchema>;

/** A partition set: the partitions a franchisee user is limited to. */
export const partitionSetRecordSchema = z.object({ id: z.number().int(), name: z.string() });
export const partitionSetWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200),
});

export const partitionResource = defineResource({
  type: 'partition',
  description: 'Partitions: head office and the franchise stores; the partition selectors read them.',
  record: partitionRecordSchema,
  write: partitionWriteSchema,
  filters: {
    id: filterOn.key,
    partitionSetId: filterOn.key,
    name: filterOn.name,
    externalRef: filterOn.code,
  },
  sortKeys: ['name'],
  searchable: true,
  ...RESOURCE_ACCESS.partition,
  live: true,
});

export const partitionSetResource = defineResource({
  type: 'partitionSet',
  description: 'Partition sets: the partitions a franchisee user is limited to.',
  record: partitionSetRecordSchema,
  write: partitionSetWriteSchema,
  filters: { id: filterOn.key },
  sortKeys: ['name'],
  searchable: true,
  ...RESOURCE_ACCESS.partitionSet,
  live: true,
});
