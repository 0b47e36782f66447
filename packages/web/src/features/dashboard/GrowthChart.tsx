import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
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
 * whole numbers, so the axis has no fractional ticks. Loaded on its own, so recharts ships with the dashboard
 * only.
 */
export default function GrowthChart({ periods, unit }: { periods: GrowthPeriod[]; unit: 'month' | 'year' }) {
  const { t, i18n } = useTranslation();
  const data = periods.map((period) => ({ ...period, label: periodLabel(period.period, i18n.language) }));
  const integerAxis = { allowDecimals: false, tickFormatter: (value: number) => formatNumber(value) };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <div
        data-testid="dashboard-chart"
        data-chart-key="subscribers.added"
        data-points={data.length}
        data-first-period={data[0]?.period}
      >
        <Title order={3} size="h5" mb="sm">
          {unit === 'month' ? t('dashboard.addedPerMonth') : t('dashboard.addedPerYear')}
        </Title>
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'added', label: t('dashboard.cards.new'), color: 'blue.7' }]}
          yAxisProps={integerAxis}
          valueFormatter={(value) => new Intl.NumberFormat(i18n.language).format(value)}
        />
      </div>
      <div data-testid="dashboard-chart" data-chart-key="subscribers.total" data-points={data.length}>
        <Title order={3} size="h5" mb="sm">
          {t('dashboard.totalOverTime')}
        </Title>
        <LineChart
          h={220}
          data={data}
          dataKey="label"
          curveType="linear"
          withDots={data.length <= 40}
          series={[{ name: 'total', label: t('dashboard.cards.total'), color: 'teal.8' }]}
          yAxisProps={integerAxis}
          valueFormatter={(value) => new Intl.NumberFormat(i18n.language).format(value)}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t('dashboard.totalOverTimeHint')}
        </Text>
      </div>
    </SimpleGrid>
  );
}
