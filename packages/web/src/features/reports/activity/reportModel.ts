import { REPORT_SERIES_METRICS, formatPercentage } from '@herald/protocol';
import type { ActivityReport, Channel, ReportSeriesMetric } from '@herald/protocol';
import type { CsvCell } from '../../../platform/csv/csvText.ts';

/** The figures a report card can show, in the order the cards go. */
export const REPORT_FIGURES = [
  'recipients',
  'sent',
  'delivered',
  'failed',
  'bounced',
  'suppressed',
  'queued',
  'opens',
  'uniqueOpens',
  'machineOpens',
  'clicks',
  'uniqueClicks',
  'unsubscribes',
  'complaints',
  'conversions',
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

/** What a channel cannot have: no opens without a pixel or a read receipt, no bounces or complaints off mail. */
const MISSING: Readonly<Record<Channel, readonly ReportFigure[]>> = {
  email: [],
  sms: ['opens', 'uniqueOpens', 'machineOpens', 'complaints', 'bounced'],
  whatsapp: ['machineOpens', 'complaints', 'bounced'],
  pushnotification: ['machineOpens', 'complaints', 'bounced', 'unsubscribes'],
  line: ['opens', 'uniqueOpens', 'machineOpens', 'complaints', 'bounced'],
  web: ['delivered', 'opens', 'uniqueOpens', 'machineOpens', 'complaints', 'bounced', 'unsubscribes'],
  displayad: ['delivered', 'opens', 'uniqueOpens', 'machineOpens', 'complaints', 'bounced', 'unsubscribes'],
};

/** The figures a channel's report shows. */
export function channelFigures(channel: Channel): ReportFigure[] {
  return REPORT_FIGURES.filter((figure) => !MISSING[channel].includes(figure));
}

/** The chart's metrics a channel has, `sent` (functional §9's default view) first. */
export function channelMetrics(channel: Channel): ReportSeriesMetric[] {
  const figures = new Set<string>(channelFigures(channel));
  return REPORT_SERIES_METRICS.filter((metric) => figures.has(metric));
}

/** The route name of a channel's report (platform §2): `emailreport`, `smsreport`, … */
export function reportPageOf(channel: Channel): `${Channel}report` {
  return `${channel}report`;
}

/** The channel a report page's path names (`…/emailreport/12`), if any. */
export function channelOfReportPath(pathname: string): Channel | undefined {
  const match = /\/(email|sms|pushnotification|whatsapp|web|line|displayad)report\/[^/]*$/.exec(pathname);
  return match?.[1] as Channel | undefined;
}

/** Whether anything of the activity went out or is on its way: otherwise the report is its empty state. */
export function hasDeliveries(report: ActivityReport): boolean {
  return report.recipients > 0;
}

/** A fraction as the console shows percentages (platform §9). */
export function percentOf(fraction: number): string {
  return formatPercentage(fraction * 100);
}

/** The words a CSV needs, in the reader's language. */
export interface ReportCsvLabels {
  figure: (figure: ReportFigure) => string;
  metric: (metric: ReportSeriesMetric) => string;
  variationName: (variation: number, name: string) => string;
  partitionName: (partitionId: number | null, name: string) => string;
  heading: (key: 'figures' | 'series' | 'links' | 'variations' | 'partitions' | 'runs') => string;
  column: (key: string) => string;
  yes: string;
}

/**
 * The whole report as CSV rows, one section after another (figures, series, links, variations, partitions,
 * runs), each headed by its name and a row of column names, a blank row between. Rates are fractions, as a
 * spreadsheet computes with them.
 */
export function reportCsvRows(
  report: ActivityReport,
  channel: Channel,
  labels: ReportCsvLabels,
): CsvCell[][] {
  const metrics = channelMetrics(channel);
  const c = labels.column;
  const sections: CsvCell[][][] = [
    [
      [labels.heading('figures')],
      [c('figure'), c('value')],
      ...channelFigures(channel).map((figure) => [labels.figure(figure), report[figure]]),
    ],
    [
      [labels.heading('series')],
      [c('date'), ...metrics.map(labels.metric)],
      ...report.series.map((point) => [point.date, ...metrics.map((metric) => point[metric])]),
    ],
    [
      [labels.heading('links')],
      [c('index'), c('url'), c('clicks'), c('uniqueClicks')],
      ...report.links.map((link) => [link.index + 1, link.url, link.clicks, link.uniqueClicks]),
    ],
    [
      [labels.heading('variations')],
      [
        c('variation'),
        c('sent'),
        c('uniqueOpens'),
        c('uniqueClicks'),
        c('openRate'),
        c('clickRate'),
        c('winner'),
        c('pValue'),
      ],
      ...report.variations.map((row) => [
        labels.variationName(row.variation, row.name),
        row.sent,
        row.uniqueOpens,
        row.uniqueClicks,
        row.openRate,
        row.clickRate,
        row.winner ? labels.yes : '',
        row.pValue,
      ]),
    ],
    [
      [labels.heading('partitions')],
      [c('partition'), c('sent'), c('uniqueOpens'), c('uniqueClicks'), c('unsubscribes'), c('bounced')],
      ...report.partitions.map((row) => [
        labels.partitionName(row.partitionId, row.name),
        row.sent,
        row.uniqueOpens,
        row.uniqueClicks,
        row.unsubscribes,
        row.bounced,
      ]),
    ],
    [
      [labels.heading('runs')],
      [c('run'), c('status'), c('recipients'), c('sent'), c('failed'), c('startedAt'), c('finishedAt')],
      ...report.runs.map((run) => [
        run.id,
        run.status,
        run.recipients,
        run.sent,
        run.failed,
        run.startedAt,
        run.finishedAt,
      ]),
    ],
  ];
  return sections.flatMap((section, index) => (index === 0 ? section : [[], ...section]));
}
