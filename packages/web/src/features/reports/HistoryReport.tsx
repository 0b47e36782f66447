import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { changeChartDateRange, isoDate } from '../dashboard/chartDateRange.ts';
import { chartDays, clippedRange, parseReportView, writeReportView } from './historyReport.ts';
import type { ReportDay, ReportMeasures, ReportView } from './historyReport.ts';
import { DateField } from '../../platform/dates/DateFields.tsx';

/** A report's view read from the URL, and its change written back (replacing the entry). */
export function useReportView<Measure extends string>(
  measures: ReportMeasures<Measure>,
): [ReportView<Measure>, (change: Partial<ReportView<Measure>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = isoDate(new Date());
  const view = parseReportView(searchParams, today, measures);
  const change = (next: Partial<ReportView<Measure>>) =>
    setSearchParams((current) => writeReportView({ ...view, ...next }, today, measures, current), {
      replace: true,
    });
  return [view, change];
}

/**
 * A record's report (a list's counts, an audience's size): one measure over time within a date range, both
 * kept in the URL. The page reads the history for `view` and hands its days here.
 */
export function HistoryReport<Measure extends string>({
  testId,
  header,
  title,
  view,
  onChange,
  measures,
  labels,
  history,
  color,
}: {
  /** Prefixes the test ids: `{testId}-page`, `-chart`, `-from`, `-to`, `-measure`, `-error`, `-empty`, `-area`. */
  testId: string;
  header: ReactNode;
  title: string;
  view: ReportView<Measure>;
  onChange: (change: Partial<ReportView<Measure>>) => void;
  /** Each measure's label; a measure selector shows when there are several. */
  measures: Readonly<Record<Measure, string>>;
  labels: { from: string; to: string; empty: string; measure?: string };
  history: {
    days: ReadonlyArray<ReportDay<Measure>> | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: unknown;
  };
  color: string;
}) {
  const { t } = useTranslation();
  const days = history.days ?? [];
  const shownRange = clippedRange(days, view.range);
  const points = chartDays(days, view.range);
  const choices = Object.keys(measures) as Measure[];

  return (
    <Stack data-testid={`${testId}-page`}>
      {header}
      <Paper withBorder p="md" data-testid={`${testId}-chart`} aria-busy={history.isFetching}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4">
              {title}
            </Title>
            <Group gap="sm" align="flex-end">
              <DateField
                label={labels.from}
                value={shownRange.from}
                max={view.range.to}
                onChange={(from) => onChange({ range: changeChartDateRange(view.range, { from }) })}
                data-testid={`${testId}-from`}
                w={170}
              />
              <DateField
                label={labels.to}
                value={view.range.to}
                min={shownRange.from}
                onChange={(to) => onChange({ range: changeChartDateRange(view.range, { to }) })}
                data-testid={`${testId}-to`}
                w={170}
              />
            </Group>
          </Group>
          {choices.length > 1 && (
            <SegmentedControl
              data={choices.map((value) => ({ value, label: measures[value] }))}
              value={view.measure}
              onChange={(measure) => onChange({ measure: measure as Measure })}
              aria-label={labels.measure}
              data-testid={`${testId}-measure`}
            />
          )}
          <RecordsError error={history.error} testId={`${testId}-error`} />
          {history.isPending ? (
            <Text c="dimmed">{t('app.loading')}</Text>
          ) : points.length === 0 ? (
            <Text c="dimmed" data-testid={`${testId}-empty`}>
              {labels.empty}
            </Text>
          ) : (
            <AreaChart
              h={280}
              data={points}
              dataKey="date"
              curveType="monotone"
              withDots={points.length < 40}
              valueFormatter={formatNumber}
              yAxisProps={{ allowDecimals: false }}
              series={[{ name: view.measure, label: measures[view.measure], color }]}
              data-testid={`${testId}-area`}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
