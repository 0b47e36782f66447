import { z } from 'zod';
import { CHANNELS } from '../constants/enumerations.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';

/**
 * A delivery's status as clients see it (PROTOCOL §9): `queued` until the provider has it (the engine's own
 * `sending`, a claim in progress, reads as queued), then `sent`, `failed`, `bounced`, or `suppressed` (left out
 * by a rule at send time).
 */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'suppressed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * What went wrong with one delivery (docs/architecture.md § Sending errors), for the sending-errors page: `stage`
 * says whether the message failed to render (`part` and `line` of the template, the personalization `tag` that
 * failed) or to send (the provider's `code`); `trace` is the server's stack, for support.
 */
export const deliveryErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  stage: z.enum(['render', 'send']).optional(),
  part: z.string().optional(),
  line: z.number().int().optional(),
  tag: z.string().optional(),
  trace: z.string().optional(),
  /** Whether another try may help (a transient failure that ran out of tries). */
  permanent: z.boolean().optional(),
});
export type DeliveryError = z.infer<typeof deliveryErrorSchema>;

/** One recipient's message in one run of an activity's deployment (migration 0032). */
export const deliveryRecordSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  runId: z.number().int(),
  subscriberId: z.number().int(),
  channel: z.enum(CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  /** Which version of the content it got (0: the original). */
  variation: z.number().int(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  /** Why it failed or bounced: the provider's words and code, or the template's error and where it is. */
  error: deliveryErrorSchema.nullable(),
  createdAt: z.string(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const deliveryResource = defineResource({
  type: 'delivery',
  description:
    'Deliveries (PROTOCOL §9): one row per recipient of a deployment run, unique by run and subscriber, ' +
    'so a subscriber gets at most one message per run. Filter by activityId, runId, subscriberId, status or ' +
    'channel; newest first. A partition-restricted user reads the deliveries of their partitions’ activities.',
  record: deliveryRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    activityId: filterOn.key,
    runId: filterOn.key,
    subscriberId: filterOn.key,
    status: {
      kind: 'named',
      description: `one of ${DELIVERY_STATUSES.join(', ')}, or a list of them; queued includes a send in progress`,
    },
    channel: filterOn.code,
    sentAt: filterOn.instant,
  },
  sortKeys: ['createdAt', 'sentAt'],
  defaultSortKey: 'createdAt',
  searchable: false,
  ...RESOURCE_ACCESS.delivery,
  // Pushed as the engine records sends, so a report or a recipient list stays current.
  live: true,
});
