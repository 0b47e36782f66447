import type { ActivityRecord, ActivityReport } from '@herald/protocol';
import { Button } from '@mantine/core';
import { downloadCsv } from '../../../platform/csv/csvText.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { reportCsvRows } from './reportModel.ts';
import { usePartitionName, useVariationName } from './ReportTables.tsx';

/** "Export CSV": every section of the report as one formula-safe CSV, in the reader's language. */
export function ReportExport({ report, activity }: { report: ActivityReport; activity: ActivityRecord }) {
  const { t } = useTranslation();
  const variationName = useVariationName();
  const partitionName = usePartitionName();
  const exportCsv = () => {
    const rows = reportCsvRows(report, activity.type, {
      figure: (figure) => t(`activityReport.figures.${figure}`),
      metric: (metric) => t(`activityReport.metrics.${metric}`),
      heading: (key) => t(`activityReport.sections.${key}`),
      column: (key) => t(`activityReport.columns.${key}`),
      variationName,
      partitionName,
      yes: t('activityReport.winner'),
    });
    downloadCsv(`activity-${activity.id}-report.csv`, rows);
  };
  return (
    <Button variant="default" size="xs" onClick={exportCsv} data-testid="report-export-csv">
      {t('activityReport.exportCsv')}
    </Button>
  );
}
