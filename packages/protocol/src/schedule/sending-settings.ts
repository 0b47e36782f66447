import { z } from 'zod';
import { CHANNELS, type Channel } from '../constants/enumerations.ts';
import { MAX_SEND_RATE_PER_MINUTE } from '../constants/functional.ts';
import { DEFAULT_TIME_ZONE } from './activity-schedule.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * The organization settings that scheduling and sending read (organization.settings, written with
 * updateOrganizationSettings): the time zone whose wall clock schedules follow, and the organization config's
 * `maxThrottlePerActivityType` (platform §3), a per-channel ceiling on an activity's messages a minute, below
 * the product's own maximum of 60,000.
 */
export const sendingSettingsSchema = z.object({
  timeZone: z
    .string()
    .refine(isTimeZone, 'Not a time zone (use an IANA name such as Asia/Jakarta)')
    .optional(),
  maxThrottlePerActivityType: z
    .partialRecord(z.enum(CHANNELS), z.number().int().min(1).max(MAX_SEND_RATE_PER_MINUTE))
    .optional(),
});

export interface SendingSettings {
  timeZone: string;
  /** Messages a minute an activity of the channel may send at most. */
  maxThrottle: (channel: Channel) => number;
}

/** The sending settings of an organization's stored settings; what is missing or unreadable takes the default. */
export function readSendingSettings(settings: Record<string, unknown>): SendingSettings {
  const parsed = sendingSettingsSchema.safeParse({
    timeZone: settings.timeZone,
    maxThrottlePerActivityType: settings.maxThrottlePerActivityType,
  });
  const values = parsed.success ? parsed.data : {};
  return {
    timeZone: values.timeZone ?? DEFAULT_TIME_ZONE,
    maxThrottle: (channel) => values.maxThrottlePerActivityType?.[channel] ?? MAX_SEND_RATE_PER_MINUTE,
  };
}
