import { z } from 'zod';
import { CHANNELS } from '../constants/enumerations.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** A calendar date (UTC), YYYY-MM-DD. */
export const engagementDayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What the messages did over a range of UTC days, both ends included, counted from the subscribers' interaction
 * history (`subscriber_event`). Every figure counts events that happened inside the range: an open in the range
 * of a message sent before it counts. Opens leave out mail-privacy proxies' opens (`details.machine`), counted
 * apart as `machineOpens`; a unique open or click is one delivery opened or clicked at least once.
 */
export const engagementFiguresSchema = z.object({
  sent: z.number().int(),
  opens: z.number().int(),
  uniqueOpens: z.number().int(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  unsubscribes: z.number().int(),
  bounced: z.number().int(),
  machineOpens: z.number().int(),
});
export type EngagementFigures = z.infer<typeof engagementFiguresSchema>;

/** One UTC day of engagement; days without any are left out. Opens leave out machine opens. */
export const engagementDaySchema = z.object({
  date: z.string(),
  sent: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  unsubscribes: z.number().int(),
});
export type EngagementDay = z.infer<typeof engagementDaySchema>;

/**
 * An activity that reached the members most in the range: its sends in the range, and how many of those
 * deliveries were opened (by a person) or clicked, at any time since the range began.
 */
export const engagementActivitySchema = z.object({
  activityId: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  type: z.enum(CHANNELS),
  sent: z.number().int(),
  uniqueOpens: z.number().int(),
  uniqueClicks: z.number().int(),
});
export type EngagementActivity = z.infer<typeof engagementActivitySchema>;

/** A list's or an audience's engagement: the range counted, the figures and the top activities. */
export const membersEngagementSchema = z.object({
  from: engagementDayField,
  to: engagementDayField,
  engagement: engagementFiguresSchema,
  /** The five activities with the most sends to the members in the range, most first (ties: lower id first). */
  topActivities: z.array(engagementActivitySchema),
});
export type MembersEngagement = z.infer<typeof membersEngagementSchema>;

/** How many activities a list or audience report names. */
export const TOP_ENGAGEMENT_ACTIVITIES = 5;
/** The range a list or audience report counts when it names none: the last 30 days, today included. */
export const DEFAULT_ENGAGEMENT_DAYS = 30;

const rangeParams = {
  from: engagementDayField.optional(),
  to: engagementDayField.optional(),
};

/**
 * Organization-channel commands of the list and audience reports' engagement sections (docs/architecture.md
 * § Engagement figures).
 */
export const engagementCommands = {
  getListEngagement: defineCommand({
    channel: 'organization',
    description:
      'What messages did to the members of a list (its subscribers today) within from–to (UTC days, both ' +
      'included; by default the last 30 days): sends, opens and clicks (unique too), unsubscribes, bounces, ' +
      'machine opens apart, and the five activities that reached them most. Needs base or franchisee; a ' +
      'restricted user counts their partitions’ subscribers, and sees only their partitions’ activities.',
    params: z.object({
      organizationId: organizationIdField,
      listId: z.number().int().positive(),
      ...rangeParams,
    }),
    result: membersEngagementSchema.extend({ listId: z.number().int() }),
  }),
  getAudienceEngagement: defineCommand({
    channel: 'organization',
    description:
      'As getListEngagement, for the members of an audience’s last generation. Needs base or franchisee; a ' +
      'restricted user counts their partitions’ subscribers, and sees only their partitions’ activities.',
    params: z.object({
      organizationId: organizationIdField,
      audienceId: z.number().int().positive(),
      ...rangeParams,
    }),
    result: membersEngagementSchema.extend({ audienceId: z.number().int() }),
  }),
} as const;
