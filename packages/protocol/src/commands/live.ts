import { z } from 'zod';
import { defineCommand } from './define.ts';
import { isoDateTimeField, organizationIdField } from './fields.ts';
import { SUBSCRIPTION_TYPES } from '../resources/index.ts';
import { engagementDayField, engagementDaySchema, engagementFiguresSchema } from './engagement.ts';

/** The `data` of a `records` push: the changed records of one type (at least each one's id). */
export const recordsPushDataSchema = z.object({
  type: z.enum(SUBSCRIPTION_TYPES),
  records: z.array(z.object({ id: z.union([z.number(), z.string()]) }).loose()),
});
export type RecordsPushData = z.infer<typeof recordsPushDataSchema>;

const countPerDaySchema = z.object({ date: z.string(), count: z.number().int() });

/** Organization statistics for the dashboard; each half carries when it was computed and until when it is kept. */
export const organizationStatsSchema = z.object({
  organizationId: z.number().int(),
  /** Recent activity (sign-ins of its users; entries of its audit log: access, settings, issuers …), cached 600000 ms (platform §9 "activity"). Days are UTC dates, oldest first, gaps filled with 0. */
  activity: z.object({
    computedAt: isoDateTimeField,
    expiresAt: isoDateTimeField,
    days: z.number().int(),
    signInsPerDay: z.array(countPerDaySchema),
    changesPerDay: z.array(countPerDaySchema),
  }),
  /** Everything else, cached 86400000 ms (platform §9 "other"). */
  totals: z.object({
    computedAt: isoDateTimeField,
    expiresAt: isoDateTimeField,
    users: z.number().int(),
    partitions: z.number().int(),
    partitionSets: z.number().int(),
    /** Campaigns by their state today (campaignStateOf). Always answered; nullable for the clients written when it could be missing. */
    campaigns: z
      .object({ total: z.number().int(), byStatus: z.record(z.string(), z.number().int()) })
      .nullable(),
    campaignsPerMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  }),
});
export type OrganizationStats = z.infer<typeof organizationStatsSchema>;

const countsByStatusSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
});

/**
 * The dashboard's figures for a marketer, within the caller's partitions (a partition-restricted user counts
 * only the subscribers and campaigns of their partitions, and only the imports they started). Cached 600000 ms
 * per organization and partition scope: subscriber counts move with every import, so they take the shorter
 * of platform §9's two stats lifetimes.
 */
export const dashboardStatsSchema = z.object({
  organizationId: z.number().int(),
  computedAt: isoDateTimeField,
  expiresAt: isoDateTimeField,
  subscribers: z.object({
    /** Every subscriber of the organization (within the caller's partitions), anonymized ones included. */
    total: z.number().int(),
    /** Not unsubscribed, not invalid, not anonymized: the organization-wide half of isContactable. */
    contactable: z.number().int(),
    /** Globally unsubscribed today. */
    unsubscribed: z.number().int(),
    /** Subscribers created per UTC day (YYYY-MM-DD), oldest first; days without any are left out. The client sums them over its date range: new subscribers, and the total at the end of each month. */
    createdPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  }),
  /** Subscriber imports (job kind import) by job status. */
  imports: countsByStatusSchema,
  /** Campaigns by their state today (campaignStateOf); archived ones count under archived only. */
  campaigns: countsByStatusSchema,
  /** The UTC days `engagement` and `engagementSeries` count, both included (the params', or the default range). */
  engagementRange: z.object({ from: engagementDayField, to: engagementDayField }),
  /** What the messages did over the range, events of subscribers within the caller's partitions. */
  engagement: engagementFiguresSchema,
  /** The same per UTC day, oldest first; days without any are left out. */
  engagementSeries: z.array(engagementDaySchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Organization-channel commands of this area (PROTOCOL §4). */
export const liveCommands = {
  addSubscription: defineCommand({
    channel: 'organization',
    description:
      'Subscribes this connection to changes of one record type in the organization: from then on the server pushes `{"event":"records","organizationId","data":{"type","records"}}` whenever records of that type change, from any connection or server process. Ends when the socket closes.',
    params: z.object({
      organizationId: organizationIdField,
      query: z.object({ type: z.enum(SUBSCRIPTION_TYPES) }),
    }),
    result: z.object({ subscriptionId: z.string() }),
  }),
  removeSubscription: defineCommand({
    channel: 'organization',
    description: 'Ends one subscription of this connection (unknown ids are ignored).',
    params: z.object({ organizationId: organizationIdField, subscriptionId: z.string().min(1).max(100) }),
    result: z.object({}),
  }),
  getStats: defineCommand({
    channel: 'organization',
    description:
      'Organization statistics for the dashboard: activity per day (cached 600000 ms) and totals (cached 86400000 ms).',
    params: z.object({ organizationId: organizationIdField }),
    result: organizationStatsSchema,
  }),
  getDashboardStats: defineCommand({
    channel: 'organization',
    description:
      "The dashboard's figures: subscribers (total, contactable, unsubscribed, created per day), imports and campaigns by status, and the messages' engagement (sends, opens, clicks, unsubscribes, bounces; in total and per day) over from–to (UTC days, both included; by default 2000-02-01 to today), within the caller's partitions; cached 600000 ms.",
    params: z.object({
      organizationId: organizationIdField,
      from: engagementDayField.optional(),
      to: engagementDayField.optional(),
    }),
    result: dashboardStatsSchema,
  }),
} as const;
