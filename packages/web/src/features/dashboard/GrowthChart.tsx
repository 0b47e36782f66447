import { SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { CountChart } from '../../platform/charts/CountChart.tsx';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { GrowthPeriod } from './subscriberGrowth.ts';

/** A month (YYYY-MM) or year (YYYY) as the axis shows it, in the interface language. */
function periodLabel(period: string, locale: string): string {
  if (period.length === 4) return period;
  const date = new Date(`${period}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * Subscriber growth over the chosen range: new subscribers a period as bars, and the total at each period's
 * end as a straight line. Every period of the range has its point, so the axis is evenly spaced; counts are
 * whole numbers, so the axis has no fractional ticks. Drawn by the console's own small chart
 * (docs/decisions/0032-light-first-scripts.md: recharts alone weighed more than a third of the first dashboard's
 * budget).
 */
export function GrowthChart({ periods, unit }: { periods: GrowthPeriod[]; unit: 'month' | 'year' }) {
  const { t, i18n } = useTranslation();
  const addedTitle = useId();
  const totalTitle = useId();
  const points = (value: (period: GrowthPeriod) => number) =>
    periods.map((period) => ({
      key: period.period,
      label: periodLabel(period.period, i18n.language),
      value: value(period),
    }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <div
        data-testid="dashboard-chart"
        data-chart-key="subscribers.added"
        data-points={periods.length}
        data-first-period={periods[0]?.period}
      >
        <Title order={3} size="h5" mb="sm" id={addedTitle}>
          {unit === 'month' ? t('dashboard.addedPerMonth') : t('dashboard.addedPerYear')}
        </Title>
        <CountChart
          kind="bars"
          points={points((period) => period.added)}
          valueName={t('dashboard.chartAdded')}
          labelledBy={addedTitle}
          color="var(--mantine-color-blue-7)"
        />
      </div>
      <div data-testid="dashboard-chart" data-chart-key="subscribers.total" data-points={periods.length}>
        <Title order={3} size="h5" mb="sm" id={totalTitle}>
          {t('dashboard.totalOverTime')}
        </Title>
        <CountChart
          kind="line"
          points={points((period) => period.total)}
          valueName={t('dashboard.chartTotal')}
          labelledBy={totalTitle}
          color="var(--mantine-color-teal-8)"
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t('dashboard.totalOverTimeHint')}
        </Text>
      </div>
    </SimpleGrid>
  );
}
