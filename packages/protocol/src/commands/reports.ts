import { z } from 'zod';
import { activityIdField } from './activities.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** A report's time-series buckets: an hour each for a send's first days, a day each afterwards. */
export const REPORT_INTERVALS = ['hour', 'day'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** How long after sending starts the series defaults to hourly buckets. */
export const REPORT_HOURLY_SPAN_MS = 72 * 3_600_000;

/** The most buckets one series holds; a longer range is refused (or, by default, ends at its last buckets). */
export const REPORT_SERIES_MAX_BUCKETS = 2_000;

/** The metrics a report's chart can show, `sent` first: functional §9's default chart view for activities. */
export const REPORT_SERIES_METRICS = [
  'sent',
  'delivered',
  'opens',
  'uniqueOpens',
  'clicks',
  'unsubscribes',
  'bounced',
  'complaints',
] as const;
export type ReportSeriesMetric = (typeof REPORT_SERIES_METRICS)[number];

const count = z.number().int().nonnegative();
const fraction = z.number().min(0);

/** One bucket of the series: what happened in it (uniqueOpens: distinct openers within the bucket). */
export const reportSeriesPointSchema = z.object({
  /** The bucket's start, ISO date-time in UTC. */
  date: z.string(),
  sent: count,
  delivered: count,
  opens: count,
  uniqueOpens: count,
  clicks: count,
  unsubscribes: count,
  bounced: count,
  complaints: count,
});
export type ReportSeriesPoint = z.infer<typeof reportSeriesPointSchema>;

/** One tracked link of the message (tracked_link's index and address) and its clicks. */
export const reportLinkSchema = z.object({
  index: z.number().int(),
  url: z.string(),
  clicks: count,
  uniqueClicks: count,
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

/** One version of the content (0: the original) and how it did; `winner` by variationVerdicts. */
export const reportVariationSchema = z.object({
  variation: z.number().int(),
  /** The variation's own name (the combination's names joined), '' for the original or an unnamed one. */
  name: z.string(),
  sent: count,
  uniqueOpens: count,
  uniqueClicks: count,
  openRate: fraction,
  clickRate: fraction,
  winner: z.boolean(),
  pValue: z.number().min(0).max(1).nullable(),
});
export type ReportVariation = z.infer<typeof reportVariationSchema>;

/** One partition's share; partitionId null: subscribers in no partition (head office). */
export const reportPartitionSchema = z.object({
  partitionId: z.number().int().nullable(),
  name: z.string(),
  sent: count,
  uniqueOpens: count,
  uniqueClicks: count,
  unsubscribes: count,
  bounced: count,
});
export type ReportPartition = z.infer<typeof reportPartitionSchema>;

/** One deployment run of the activity (a broadcast, a day of a schedule, a batch of triggers). */
export const reportRunSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  recipients: count,
  sent: count,
  failed: count,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

/** getActivityReport's answer: PROTOCOL §9's fields, then Herald's own (docs/architecture.md § Reports). */
export const activityReportSchema = z.object({
  sent: count,
  delivered: count,
  failed: count,
  bounced: count,
  opens: count,
  uniqueOpens: count,
  clicks: count,
  uniqueClicks: count,
  unsubscribes: count,
  complaints: count,
  series: z.array(reportSeriesPointSchema),
  queued: count,
  suppressed: count,
  machineOpens: count,
  conversions: count,
  recipients: count,
  rates: z.object({
    delivered: fraction,
    open: fraction,
    click: fraction,
    unsubscribe: fraction,
    bounce: fraction,
  }),
  /** The series' buckets and range, as computed (the defaults filled in). */
  interval: z.enum(REPORT_INTERVALS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The revision the covered runs sent last (the click map renders it); null before any run. */
  revisionId: z.number().int().nullable(),
  links: z.array(reportLinkSchema),
  variations: z.array(reportVariationSchema),
  partitions: z.array(reportPartitionSchema),
  runs: z.array(reportRunSchema),
});
export type ActivityReport = z.infer<typeof activityReportSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/** Organization-channel commands of activity reports (PROTOCOL §9, docs/architecture.md § Reports). */
export const reportCommands = {
  getActivityReport: defineCommand({
    channel: 'organization',
    description:
      'An activity’s report (PROTOCOL §9): from the delivery ledger, sent (sent or bounced: a bounce was sent), ' +
      'failed, bounced, suppressed, queued (a send in progress included) and recipients; from the subscriber ' +
      'events of the activity, delivered, opens and uniqueOpens (machine opens of mail-privacy proxies left out ' +
      'and counted in machineOpens), clicks and uniqueClicks (and per tracked link), unsubscribes, complaints ' +
      'and conversions (purchased events attributed to it). `rates` are fractions of sent. `variations` compares ' +
      'the versions of the content by click rate (delivered rate where nothing is clickable); the winner beats ' +
      'every other by a two-proportion z-test at p < 0.05. `partitions` breaks it down by the subscribers’ ' +
      'partitions (null: in none; a subscriber in several counts in each). `series` has a bucket per `interval` ' +
      '(default: hour while sending began under 72 hours before `to`, else day) from `from` (default: the first ' +
      'run’s start) to `to` (default: now), every bucket present, at most 2000. `runId` narrows it to one run. ' +
      'Needs base or franchisee; a restricted user sees their partitions’ activities and, in them, their ' +
      'partitions’ subscribers only. An unknown activity answers ActivityNotFoundError; a runId not of the ' +
      'activity NotFoundError.',
    params: z
      .object({
        organizationId: organizationIdField,
        activityId: activityIdField,
        runId: z.number().int().positive().optional(),
        from: isoDateTime.optional(),
        to: isoDateTime.optional(),
        interval: z.enum(REPORT_INTERVALS).optional(),
      })
      .refine((params) => !params.from || !params.to || Date.parse(params.from) < Date.parse(params.to), {
        message: 'Before `to`',
        path: ['from'],
      }),
    result: activityReportSchema,
  }),
} satisfies Record<string, ReturnType<typeof defineCommand>>;
