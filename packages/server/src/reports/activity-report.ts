import {
  variationVerdicts,
  type ActivityReport,
  type ReportInterval,
  type ReportLink,
  type ReportPartition,
  type ReportVariation,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { NO_ENGAGEMENT, type EngagementRow } from './report-events.ts';
import {
  clicksByLink,
  engagementByPartition,
  engagementByVariation,
  ledgerByPartition,
  ledgerByVariation,
  partitionNames,
  trackedLinks,
  type LedgerRow,
} from './report-figures.ts';
import { eventsSince, reportScope, type ReportScope } from './report-scope.ts';
import { reportSeries } from './report-series.ts';
import { seriesRange } from './series-range.ts';
import { variationNames } from './variation-names.ts';

/** What getActivityReport was asked, the activity id read. */
export interface ReportRequest {
  activityId: number;
  runId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  interval?: ReportInterval | undefined;
}

const NO_LEDGER: LedgerRow = { recipients: 0, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0 };

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function addLedger(total: LedgerRow, row: LedgerRow): LedgerRow {
  return {
    recipients: total.recipients + row.recipients,
    queued: total.queued + row.queued,
    sent: total.sent + row.sent,
    failed: total.failed + row.failed,
    bounced: total.bounced + row.bounced,
    suppressed: total.suppressed + row.suppressed,
  };
}

/**
 * An activity's report (getActivityReport): a handful of aggregate queries over the ledger and the activity's
 * events (report-figures.ts, report-series.ts), put together here.
 */
export async function activityReport(
  db: Kysely<Database>,
  actor: Actor,
  request: ReportRequest,
  now: number = Date.now(),
): Promise<ActivityReport> {
  const scope = await reportScope(db, actor, request.activityId, request.runId);
  const since = eventsSince(scope);
  const range = seriesRange(request, since, now);
  const [ledger, ledgerPartitions] = await Promise.all([
    ledgerByVariation(db, scope),
    ledgerByPartition(db, scope),
  ]);
  const [engaged, engagedPartitions, clicked, tracked, series] = since
    ? await Promise.all([
        engagementByVariation(db, scope, since),
        engagementByPartition(db, scope, since),
        clicksByLink(db, scope, since),
        trackedLinks(db, scope),
        range ? reportSeries(db, scope, since, range) : Promise.resolve([]),
      ])
    : [[], [], [], [], []];
  const totals = ledger.reduce(addLedger, NO_LEDGER);
  const engagement = engaged.find((row) => row.total) ?? NO_ENGAGEMENT;
  const links = reportLinks(tracked, clicked);
  return {
    sent: totals.sent,
    delivered: engagement.delivered,
    failed: totals.failed,
    bounced: totals.bounced,
    opens: engagement.opens,
    uniqueOpens: engagement.unique_opens,
    clicks: engagement.clicks,
    uniqueClicks: engagement.unique_clicks,
    unsubscribes: engagement.unsubscribes,
    complaints: engagement.complaints,
    series,
    queued: totals.queued,
    suppressed: totals.suppressed,
    machineOpens: engagement.machine_opens,
    conversions: engagement.conversions,
    recipients: totals.recipients,
    rates: {
      delivered: ratio(engagement.delivered, totals.sent),
      open: ratio(engagement.unique_opens, totals.sent),
      click: ratio(engagement.unique_clicks, totals.sent),
      unsubscribe: ratio(engagement.unsubscribes, totals.sent),
      bounce: ratio(totals.bounced, totals.sent),
    },
    interval: range?.interval ?? request.interval ?? 'hour',
    from: range ? range.from.toISOString() : null,
    to: range ? range.to.toISOString() : null,
    revisionId: scope.revisionId,
    links,
    variations: await reportVariations(db, scope, ledger, engaged, links.length > 0 || engagement.clicks > 0),
    partitions: await reportPartitions(db, scope, ledgerPartitions, engagedPartitions),
    runs: scope.covered,
  };
}

/** The tracked links in order, with their clicks; a click on a link no run recorded is listed too. */
function reportLinks(
  tracked: ReadonlyArray<{ idx: number; url: string }>,
  clicked: ReadonlyArray<{
    link_index: number | null;
    url: string | null;
    clicks: number;
    unique_clicks: number;
  }>,
): ReportLink[] {
  const key = (index: number | null, url: string | null) => `${index ?? ''}\u0000${url ?? ''}`;
  const links = new Map<string, ReportLink>();
  for (const link of tracked)
    links.set(key(link.idx, link.url), { index: link.idx, url: link.url, clicks: 0, uniqueClicks: 0 });
  for (const row of clicked) {
    const known = links.get(key(row.link_index, row.url));
    if (known) Object.assign(known, { clicks: row.clicks, uniqueClicks: row.unique_clicks });
    else
      links.set(key(row.link_index, row.url), {
        index: row.link_index ?? -1,
        url: row.url ?? '',
        clicks: row.clicks,
        uniqueClicks: row.unique_clicks,
      });
  }
  return [...links.values()].sort((a, b) => a.index - b.index || a.url.localeCompare(b.url));
}

/**
 * Every version sent, compared by click rate, or by delivered rate when nothing in the message is clickable
 * (variationVerdicts: the leader wins when its z-test against each other gives p < 0.05).
 */
async function reportVariations(
  db: Kysely<Database>,
  scope: ReportScope,
  ledger: ReadonlyArray<LedgerRow & { variation: number }>,
  engaged: ReadonlyArray<EngagementRow & { variation: number | null; total: boolean }>,
  clickable: boolean,
): Promise<ReportVariation[]> {
  const names = await variationNames(
    db,
    scope,
    ledger.map((row) => row.variation),
  );
  const rows = ledger.map((row) => {
    const engagement = engaged.find((e) => !e.total && e.variation === row.variation) ?? NO_ENGAGEMENT;
    return { ledger: row, engagement };
  });
  const verdicts = variationVerdicts(
    rows.map(({ ledger: row, engagement }) => ({
      trials: row.sent,
      successes: clickable ? engagement.unique_clicks : engagement.delivered,
    })),
  );
  return rows.map(({ ledger: row, engagement }, index) => ({
    variation: row.variation,
    name: names.get(row.variation) ?? '',
    sent: row.sent,
    uniqueOpens: engagement.unique_opens,
    uniqueClicks: engagement.unique_clicks,
    openRate: ratio(engagement.unique_opens, row.sent),
    clickRate: ratio(engagement.unique_clicks, row.sent),
    winner: verdicts[index]!.winner,
    pValue: verdicts[index]!.pValue,
  }));
}

/** Partitions by name, head office (no partition) first; a partition with no recipients is left out. */
async function reportPartitions(
  db: Kysely<Database>,
  scope: ReportScope,
  ledger: ReadonlyArray<LedgerRow & { partition_id: number | null }>,
  engaged: ReadonlyArray<EngagementRow & { partition_id: number | null }>,
): Promise<ReportPartition[]> {
  if (ledger.length === 0) return [];
  const names = await partitionNames(db, scope);
  const partitions = ledger.map((row) => {
    const engagement = engaged.find((e) => e.partition_id === row.partition_id) ?? NO_ENGAGEMENT;
    return {
      partitionId: row.partition_id,
      name: row.partition_id === null ? '' : (names.get(row.partition_id) ?? ''),
      sent: row.sent,
      uniqueOpens: engagement.unique_opens,
      uniqueClicks: engagement.unique_clicks,
      unsubscribes: engagement.unsubscribes,
      bounced: row.bounced,
    };
  });
  return partitions.sort((a, b) =>
    a.partitionId === null ? -1 : b.partitionId === null ? 1 : a.name.localeCompare(b.name),
  );
}
