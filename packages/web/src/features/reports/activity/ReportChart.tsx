import type { ActivityReport, Channel, ReportSeriesMetric } from '@herald/protocol';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { CountChart } from '../../../platform/charts/CountChart.tsx';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { channelMetrics } from './reportModel.ts';

/** A bucket's start as the axis shows it: the hour or the day, in the reader's language and time zone. */
function bucketLabel(date: string, interval: ActivityReport['interval'], locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    interval === 'hour'
      ? { month: 'short', day: 'numeric', hour: 'numeric' }
      : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(date));
}

/** The series as bars of one metric at a time; `sent` first (functional §9: the default chart view). */
export function ReportChart({ report, channel }: { report: ActivityReport; channel: Channel }) {
  const { t, i18n } = useTranslation();
  const metrics = channelMetrics(channel);
  const [metric, setMetric] = useState<ReportSeriesMetric>('sent');
  const titleId = useId();
  const points = report.series.map((point) => ({
    key: point.date,
    label: bucketLabel(point.date, report.interval, i18n.language),
    value: point[metric],
  }));
  return (
    <Paper withBorder p="md" data-testid="report-chart" data-metric={metric} data-points={points.length}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id={titleId}>
            {t('activityReport.chartTitle', { metric: t(`activityReport.metrics.${metric}`) })}
          </Title>
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(value) => setMetric(value as ReportSeriesMetric)}
            aria-label={t('activityReport.chartMetric')}
            data-testid="report-chart-metric"
            data={metrics.map((value) => ({ value, label: t(`activityReport.metrics.${value}`) }))}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {report.interval === 'hour' ? t('activityReport.perHour') : t('activityReport.perDay')}
        </Text>
        <CountChart
          kind="bars"
          points={points}
          valueName={t(`activityReport.metrics.${metric}`)}
          labelledBy={titleId}
          color="var(--mantine-color-blue-7)"
        />
      </Stack>
    </Paper>
  );
}
