import type { DashboardStats, EngagementFigures } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { TFunction } from '../../platform/i18n/translator.ts';
import type { CsvCell } from '../../platform/csv/csvText.ts';
import { csvSections, engagementFigureRows, seriesRows } from '../engagement/engagementCsv.ts';
import { newInRange } from './subscriberGrowth.ts';

/**
 * The dashboard as CSV rows: what it is and its range, the subscriber figures, the messages' figures with
 * their rates, and the engagement series a row a day.
 */
export function dashboardCsvRows(stats: DashboardStats, organizationName: string, t: TFunction): CsvCell[][] {
  const range = stats.engagementRange;
  const { subscribers } = stats;
  return csvSections(
    [
      [t('engagement.csv.dashboard'), organizationName],
      [t('engagement.csv.from'), range.from],
      [t('engagement.csv.to'), range.to],
    ],
    [
      [t('engagement.csv.figure'), t('engagement.csv.value')],
      [t('dashboard.cards.total'), subscribers.total],
      [t('dashboard.cards.contactable'), subscribers.contactable],
      [t('dashboard.cards.new'), newInRange(subscribers.createdPerDay, range)],
      [t('dashboard.cards.unsubscribed'), subscribers.unsubscribed],
    ],
    engagementFigureRows(
      stats.engagement,
      {
        figure: t('engagement.csv.figure'),
        value: t('engagement.csv.value'),
        rate: t('engagement.csv.rate'),
      },
      (figure: keyof EngagementFigures) => t(`engagement.figures.${figure}`),
    ),
    seriesRows(stats.engagementSeries, {
      date: t('engagement.csv.date'),
      sent: t('engagement.figures.sent'),
      opens: t('engagement.figures.opens'),
      clicks: t('engagement.figures.clicks'),
      unsubscribes: t('engagement.figures.unsubscribes'),
    }),
  );
}

/** Exports the dashboard's figures as a CSV file; the CSV writer loads on the first export. */
export function useDashboardCsv(stats: DashboardStats, organizationName: string): () => Promise<void> {
  const { t } = useTranslation();
  return async () => {
    const { csvFileName, downloadCsv } = await import('../../platform/csv/csvText.ts');
    const range = stats.engagementRange;
    downloadCsv(
      csvFileName(t('engagement.csv.dashboard'), organizationName, range.from, range.to),
      dashboardCsvRows(stats, organizationName, t),
    );
  };
}
