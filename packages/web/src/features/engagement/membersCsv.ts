import type { EngagementFigures, MembersEngagement } from '@herald/protocol';
import type { CsvCell } from '../../platform/csv/csvText.ts';
import type { TFunction } from '../../platform/i18n/translator.ts';
import { csvSections, engagementFigureRows, topActivityRows } from './engagementCsv.ts';

/**
 * A list or audience report as CSV rows: what it is, the engagement section (its range, figures and top
 * activities), then the report's history (`history`: a header row and a row a day).
 */
export function membersReportCsvRows(
  title: string,
  name: string,
  engagement: MembersEngagement,
  history: CsvCell[][],
  t: TFunction,
): CsvCell[][] {
  return csvSections(
    [[title, name]],
    [
      [t('engagement.heading')],
      [t('engagement.csv.from'), engagement.from],
      [t('engagement.csv.to'), engagement.to],
    ],
    engagementFigureRows(
      engagement.engagement,
      {
        figure: t('engagement.csv.figure'),
        value: t('engagement.csv.value'),
        rate: t('engagement.csv.rate'),
      },
      (figure: keyof EngagementFigures) => t(`engagement.figures.${figure}`),
    ),
    topActivityRows(
      engagement.topActivities,
      {
        activity: t('engagement.columns.activity'),
        channel: t('engagement.columns.channel'),
        sent: t('engagement.columns.sent'),
        uniqueOpens: t('engagement.csv.uniqueOpens'),
        openRate: t('engagement.columns.openRate'),
        uniqueClicks: t('engagement.csv.uniqueClicks'),
        clickRate: t('engagement.columns.clickRate'),
      },
      (channel) => t(`activities.channels.${channel}.name`),
    ),
    history,
  );
}

/** Writes the rows to a CSV file; the CSV writer loads on the first export. */
export async function downloadReportCsv(fileParts: ReadonlyArray<string | number>, rows: CsvCell[][]) {
  const { csvFileName, downloadCsv } = await import('../../platform/csv/csvText.ts');
  downloadCsv(csvFileName(...fileParts), rows);
}
