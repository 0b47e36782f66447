import { SegmentedControl, Stack, Title } from '@mantine/core';
import type { EngagementDay } from '@herald/protocol';
import { useId, useMemo, useState } from 'react';
import { CountChart } from '../../platform/charts/CountChart.tsx';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { engagementPeriods, SERIES_MEASURES, type SeriesMeasure } from './engagement.ts';

/** A day, month (YYYY-MM) or year (YYYY) as the axis shows it, in the interface language. */
function periodLabel(period: string, locale: string): string {
  if (period.length === 4) return period;
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  const parts: Intl.DateTimeFormatOptions =
    period.length === 7 ? { year: 'numeric', month: 'short' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(date);
}

/**
 * The engagement series over the range as bars, one figure at a time (sends by default): four series on one
 * small chart would hide the clicks under the sends. Drawn by the console's own chart, as the growth chart is.
 */
export function EngagementChart({
  series,
  range,
  testId,
}: {
  series: readonly EngagementDay[];
  range: { from: string; to: string };
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [measure, setMeasure] = useState<SeriesMeasure>('sent');
  const { unit, periods } = useMemo(() => engagementPeriods(series, range), [series, range]);
  const measureName = t(`engagement.figures.${measure}`);
  const title =
    unit === 'day'
      ? t('engagement.perDay', { measure: measureName })
      : unit === 'month'
        ? t('engagement.perMonth', { measure: measureName })
        : t('engagement.perYear', { measure: measureName });
  return (
    <Stack gap="sm" data-testid={testId} data-measure={measure} data-points={periods.length}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      <SegmentedControl
        value={measure}
        onChange={(value) => setMeasure(SERIES_MEASURES.find((one) => one === value) ?? 'sent')}
        data={SERIES_MEASURES.map((value) => ({ value, label: t(`engagement.figures.${value}`) }))}
        aria-label={t('engagement.measure')}
        data-testid={`${testId}-measure`}
        size="xs"
      />
      <CountChart
        kind="bars"
        points={periods.map((period) => ({
          key: period.period,
          label: periodLabel(period.period, i18n.language),
          value: period[measure],
        }))}
        valueName={measureName}
        labelledBy={titleId}
        color="var(--mantine-color-violet-7)"
      />
    </Stack>
  );
}
