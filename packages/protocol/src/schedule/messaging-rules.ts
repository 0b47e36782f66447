import { z } from 'zod';
import { CHANNELS, type Channel } from '../constants/enumerations.ts';

/** Addresses and domains a global suppression holds at most. */
export const SUPPRESSION_LIMIT = 10_000;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM, 00:00 to 23:59');

/** A daily window in the organization's time zone; one that ends before it starts runs past midnight. */
export const quietHoursSchema = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((hours) => hours.start !== hours.end, {
    message: 'Quiet hours must start and end at different times',
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** An address (`ann@example.com`) or a whole domain (`example.com` or `@example.com`), lower-cased. */
export const SUPPRESSION_ENTRY_PATTERN =
  /^(?:[^\s@]+@|@)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const suppressionEntry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SUPPRESSION_ENTRY_PATTERN, 'An e-mail address or a domain');

/**
 * The organization's messaging rules (settings `messaging.rules`, docs/guide-administration.md § The settings
 * pages), which the delivery engine enforces: quiet hours per channel in the organization's time zone (a send due
 * inside them waits until they end), a frequency cap across activities (at most `messages` per subscriber per day
 * or week), and a global suppression of addresses and domains that no activity reaches.
 */
export const messagingRulesSchema = z.strictObject({
  quietHours: z.partialRecord(z.enum(CHANNELS), quietHoursSchema).default({}),
  frequencyCap: z
    .strictObject({ messages: z.number().int().min(1).max(1000), per: z.enum(['day', 'week']) })
    .nullable()
    .default(null),
  suppression: z.array(suppressionEntry).max(SUPPRESSION_LIMIT).default([]),
});
export type MessagingRules = z.infer<typeof messagingRulesSchema>;

const NO_RULES: MessagingRules = { quietHours: {}, frequencyCap: null, suppression: [] };

/** The stored rules, or none when absent or unreadable (the server refuses malformed rules when they are saved). */
export function messagingRulesOf(settings: Record<string, unknown> | undefined): MessagingRules {
  const section = settings?.messaging;
  const stored =
    typeof section === 'object' && section !== null ? (section as { rules?: unknown }).rules : undefined;
  const parsed = messagingRulesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : NO_RULES;
}

/** Minutes since midnight of an HH:MM time. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Whether a wall-clock time (minutes since midnight) falls inside the channel's quiet hours. */
export function isQuietTime(rules: MessagingRules, channel: Channel, minuteOfDay: number): boolean {
  const hours = rules.quietHours[channel];
  if (!hours) return false;
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/** Whether an address is suppressed by the rules, itself or by its domain. */
export function isSuppressed(rules: MessagingRules, email: string): boolean {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return rules.suppression.some((entry) =>
    entry.includes('@') && !entry.startsWith('@') ? entry === address : entry.replace(/^@/, '') === domain,
  );
}
