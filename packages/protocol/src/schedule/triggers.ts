import { z } from 'zod';
import type { ActivityFrequency } from '../records/activity.ts';

/** What triggered a send of a triggered activity: the API endpoint, or a subscriber event. */
export const TRIGGER_SOURCES = ['api', 'event'] as const;
export type TriggerSource = (typeof TRIGGER_SOURCES)[number];

/** A triggered send waits `queued` until due, then is `ready` for the delivery engine (then `sent`) or `skipped`. */
export const TRIGGERED_SEND_STATUSES = ['queued', 'ready', 'skipped', 'sent'] as const;
export type TriggeredSendStatus = (typeof TRIGGERED_SEND_STATUSES)[number];

/** Why a due trigger sends nothing. */
export const TRIGGER_SKIP_REASONS = [
  /** The activity was suspended, cancelled or archived before the trigger was due. */
  'activityNotLive',
  /** The subscriber is not (or no longer) in the activity's target. */
  'notInTarget',
  /** Unsubscribed or invalid. */
  'unreachable',
  /** The activity's send frequency: already sent once, or within its days. */
  'frequency',
] as const;
export type TriggerSkipReason = (typeof TRIGGER_SKIP_REASONS)[number];

/**
 * The events a caller may record through the events API (functional §3's trigger events that happen outside
 * Herald). Sent, opened and clicked are Herald's own, written by its delivery and tracking; listsubscribed by its
 * lists.
 */
export const API_EVENTS = ['formsubmitted', 'purchased', 'abandoned', 'pageviewed'] as const;
export type ApiEvent = (typeof API_EVENTS)[number];

/** Who a trigger or an event is about: a subscriber id, or an e-mail address of the organization's. */
const subscriberReference = {
  subscriberId: z.number().int().positive().optional(),
  email: z.string().trim().max(320).optional(),
};
const oneSubscriber = (value: { subscriberId?: number | undefined; email?: string | undefined }) =>
  (value.subscriberId === undefined) !== (value.email === undefined);
const ONE_SUBSCRIBER = { message: 'Give exactly one of subscriberId and email', path: ['subscriberId'] };

/** POST /api/v1/activities/{activityId}/trigger (docs/http.md): send the activity to one subscriber. */
export const activityTriggerRequestSchema = z
  .strictObject({ organizationId: z.number().int().positive(), ...subscriberReference })
  .refine(oneSubscriber, ONE_SUBSCRIBER);
export type ActivityTriggerRequest = z.infer<typeof activityTriggerRequestSchema>;

export const activityTriggerResponseSchema = z.object({
  triggeredSendId: z.number().int(),
  subscriberId: z.number().int(),
  status: z.enum(TRIGGERED_SEND_STATUSES),
  runAt: z.string(),
  /** The same Idempotency-Key again answers the first trigger, with `repeated: true`. */
  repeated: z.boolean(),
});
export type ActivityTriggerResponse = z.infer<typeof activityTriggerResponseSchema>;

/** POST /api/v1/events: a subscriber event, which starts the event-triggered activities waiting for it. */
export const subscriberEventRequestSchema = z
  .strictObject({
    organizationId: z.number().int().positive(),
    ...subscriberReference,
    event: z.enum(API_EVENTS),
    /** When it happened; now when absent. At most a day ahead. */
    occurredAt: z.iso.datetime({ offset: true }).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .refine(oneSubscriber, ONE_SUBSCRIBER);
export type SubscriberEventRequest = z.infer<typeof subscriberEventRequestSchema>;

export const subscriberEventResponseSchema = z.object({
  eventId: z.number().int(),
  subscriberId: z.number().int(),
  /** How many event-triggered activities it started for the subscriber. */
  triggered: z.number().int(),
});
export type SubscriberEventResponse = z.infer<typeof subscriberEventResponseSchema>;

const DAY = 86_400_000;

/**
 * Whether one more message may go to a subscriber whose last one from the activity went at `lastSentAt`
 * (functional §3's send frequency): always with no limit, never again with `once`, after `days` days with
 * `every`.
 */
export function withinSendFrequency(
  frequency: ActivityFrequency,
  lastSentAt: Date | undefined,
  now: Date,
): boolean {
  if (lastSentAt === undefined || frequency.type === 'none') return true;
  if (frequency.type === 'once') return false;
  return now.getTime() - lastSentAt.getTime() >= (frequency.days ?? 1) * DAY;
}
