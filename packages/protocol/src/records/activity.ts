import { z } from 'zod';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_STATUSES,
  CHANNELS,
  DISTRIBUTION_TYPES,
  SCHEDULED_INTERVALS,
  SEND_FREQUENCIES,
  TRIGGER_EVENTS,
} from '../constants/enumerations.ts';
import { MAX_SEND_RATE_PER_MINUTE } from '../constants/functional.ts';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** Days a change keeps an activity in the `recent` view. */
export const RECENT_ACTIVITY_DAYS = 30;

/**
 * How an activity goes out (PROTOCOL §7): `interval` is needed by a scheduled one and only by it; `event` by an
 * event-triggered one and only by it, which may wait `delayMinutes` (at most a year) after the event.
 */
export const activityDistributionSchema = z
  .strictObject({
    type: z.enum(DISTRIBUTION_TYPES),
    interval: z.enum(SCHEDULED_INTERVALS).optional(),
    event: z.enum(TRIGGER_EVENTS).optional(),
    delayMinutes: z.number().int().min(0).max(525_600).optional(),
  })
  .superRefine((distribution, context) => {
    const scheduled = distribution.type === 'scheduled';
    const triggered = distribution.type === 'event';
    if (scheduled && distribution.interval === undefined)
      context.addIssue({
        code: 'custom',
        path: ['interval'],
        message: 'A scheduled activity needs an interval',
      });
    if (!scheduled && distribution.interval !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['interval'],
        message: 'Only a scheduled activity has an interval',
      });
    if (triggered && distribution.event === undefined)
      context.addIssue({
        code: 'custom',
        path: ['event'],
        message: 'An event-triggered activity needs an event',
      });
    if (!triggered && distribution.event !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['event'],
        message: 'Only an event-triggered activity has an event',
      });
    if (!triggered && distribution.delayMinutes !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['delayMinutes'],
        message: 'Only an event-triggered activity waits after its event',
      });
  });
export type ActivityDistribution = z.infer<typeof activityDistributionSchema>;

/** How often one subscriber may receive the activity: no limit, once, or once every `days` days. */
export const activityFrequencySchema = z
  .strictObject({
    type: z.enum(SEND_FREQUENCIES),
    days: z.number().int().min(1).max(3650).optional(),
  })
  .superRefine((frequency, context) => {
    if (frequency.type === 'every' && frequency.days === undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: '"Every" needs a number of days' });
    if (frequency.type !== 'every' && frequency.days !== undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: 'Only "every" has a number of days' });
  });
export type ActivityFrequency = z.infer<typeof activityFrequencySchema>;

/** An activity as the server answers it (query, writeRecords, `records` pushes): PROTOCOL §7 and functional §3. */
export const activityRecordSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  type: z.enum(CHANNELS),
  name: z.string(),
  /** When it goes out (a broadcast) or starts (a schedule), as an ISO date and time; null until chosen. */
  date: z.string().nullable(),
  /** A target expression's canonical text (PROTOCOL §6); null until chosen. */
  target: z.string().nullable(),
  templateUrl: z.string().nullable(),
  latestRevisionId: z.number().int().nullable(),
  partitionIds: z.array(z.number().int()),
  distribution: activityDistributionSchema,
  /** A broadcast that would reach more recipients than this is aborted (functional §5); null: no limit. */
  sendLimit: z.number().int().nullable(),
  /** Messages per minute; null: as fast as the channel goes. */
  throttle: z.number().int().nullable(),
  frequency: activityFrequencySchema,
  status: z.enum(ACTIVITY_STATUSES),
  notes: z.string(),
  /**
   * When a change of the target or the date last reset the activity's approval (functional §4): its approved
   * or requested revisions became `reset` and it must be approved again. Null when it never was.
   */
  approvalResetAt: z.string().nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Grows by one on each update; send it back with an update so a stale write is refused. */
  version: z.number().int(),
});
export type ActivityRecord = z.infer<typeof activityRecordSchema>;

/**
 * What a client may write to an activity. A create has no id and needs campaignId, type and name; an update has
 * the id and the `version` (or `updatedAt`) it read, plus what it changes. `type` is fixed once created.
 * Content is not written here but with saveActivityRevision. Any other key is refused (strict).
 */
export const activityWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  campaignId: z.number().int().positive().optional(),
  type: z.enum(CHANNELS).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  date: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Text (PROTOCOL §6), checked against the organization; blank or null clears it. */
  target: z.string().max(20_000).nullable().optional(),
  templateUrl: z.string().trim().max(2000).nullable().optional(),
  partitionIds: z.array(z.number().int().positive()).max(1000).optional(),
  distribution: activityDistributionSchema.optional(),
  sendLimit: z.number().int().positive().max(2_000_000_000).nullable().optional(),
  throttle: z.number().int().positive().max(MAX_SEND_RATE_PER_MINUTE).nullable().optional(),
  frequency: activityFrequencySchema.optional(),
  notes: z.string().max(20_000).optional(),
  isArchived: z.boolean().optional(),
});
export type ActivityWrite = z.infer<typeof activityWriteSchema>;

export const activityResource = defineResource({
  type: 'activity',
  description:
    'Activities (PROTOCOL §7, functional §3): one channel’s message of a campaign, with its target, distribution ' +
    'and limits; content is in its revisions. Views (`view`): `recent`, changed in the last ' +
    `${RECENT_ACTIVITY_DAYS} days; \`deployed\`, status deployed; \`modified\`, changed since it was approved ` +
    '(its approval was reset by a target or date change, or content was saved after an approved revision); ' +
    '`archived`. Every view but `archived` leaves archived activities out. Search looks in the name.',
  record: activityRecordSchema,
  write: activityWriteSchema,
  filters: {
    id: filterOn.key,
    campaignId: filterOn.key,
    type: filterOn.code,
    status: filterOn.code,
    name: filterOn.name,
    isArchived: filterOn.flag,
    partitionIds: filterOn.partitions,
    updatedAt: filterOn.instant,
    view: {
      kind: 'named',
      description: `one of ${ACTIVITY_FILTERS.join(', ')} (see the type's description)`,
    },
  },
  sortKeys: ['name', 'date', 'createdAt', 'updatedAt'],
  searchable: true,
  ...RESOURCE_ACCESS.activity,
  live: true,
});
