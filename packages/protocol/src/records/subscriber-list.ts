import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { LIST_STATES } from '../constants/enumerations.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * A list's state (functional §3): archived when archived; empty with no subscribers; dormant when nobody
 * joined it for LIST_DORMANT_AFTER_DAYS; active otherwise.
 */
export const LIST_DORMANT_AFTER_DAYS = 90;

/** Kinds of list: a standard list people join, a seed list of internal addresses, a test list for proofs. */
export const LIST_TYPES = ['standard', 'seed', 'test'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** The list report's measures (functional §9: the default chart view is contactable). */
export const LIST_STAT_MEASURES = ['contactable', 'subscribers', 'unsubscribed', 'invalid'] as const;
export type ListStatMeasure = (typeof LIST_STAT_MEASURES)[number];

export const listStatsSchema = z.object({
  subscribers: z.number().int(),
  /** On the list, not unsubscribed from it or globally, not invalid, not anonymized. */
  contactable: z.number().int(),
  unsubscribed: z.number().int(),
  invalid: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ListStats = z.infer<typeof listStatsSchema>;

/** A subscriber list as the server answers it (query type `list`). */
export const listRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  listType: z.enum(LIST_TYPES),
  state: z.enum(LIST_STATES),
  isArchived: z.boolean(),
  partitionIds: z.array(z.number().int()),
  stats: listStatsSchema,
  /** When a subscriber last joined or left it. */
  lastUpdated: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ListRecord = z.infer<typeof listRecordSchema>;

/** Create (no id; name needed) or update (id and version) a list; archive and unarchive set isArchived. */
export const listWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(5000).optional(),
  listType: z.enum(LIST_TYPES).optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  isArchived: z.boolean().optional(),
});
export type ListWrite = z.infer<typeof listWriteSchema>;

/** One day of a list's history (the list report's chart), from updateListStats and imports. */
export const listStatsDaySchema = z.object({
  date: z.string(),
  subscribers: z.number().int(),
  contactable: z.number().int(),
  unsubscribed: z.number().int(),
  invalid: z.number().int(),
});
export type ListStatsDay = z.infer<typeof listStatsDaySchema>;

export const listResource = defineResource({
  type: 'list',
  description:
    "Subscriber lists (functional §3). A partition-restricted user's counts are those of their partitions.",
  record: listRecordSchema,
  write: listWriteSchema,
  filters: {
    id: filterOn.key,
    name: filterOn.name,
    listType: filterOn.code,
    isArchived: filterOn.flag,
    partitionIds: filterOn.partitions,
    lastUpdated: filterOn.instant,
    isEmpty: { kind: 'named', description: 'true or false: lists with no subscribers, or with some' },
    isActive: { kind: 'named', description: 'true or false: lists whose state is active, or not' },
    state: { kind: 'named', description: `one or more of ${LIST_STATES.join(', ')}` },
  },
  sortKeys: ['name', 'createdAt', 'updatedAt', 'lastUpdated', 'subscribers', 'contactable'],
  searchable: true,
  ...RESOURCE_ACCESS.list,
  live: true,
});
