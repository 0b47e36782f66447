import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartDateRange } from './chartDateRange.ts';
import { pointsInRange } from './stats.ts';
import type { DashboardStats } from './stats.ts';
import { useStatLabel } from './useStatLabel.ts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6'];

/**
 * The dashboard's charts: time series as area charts limited to the chart date range, breakdowns as bar
 * charts. Loaded on its own, so recharts ships with the dashboard only.
 */
export default function StatsCharts({ stats, range }: { stats: DashboardStats; range: ChartDateRange }) {
  const { t } = useTranslation();
  const label = useStatLabel();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {stats.series.map((series) => {
        const points = pointsInRange(series, range);
        return (
          <Paper key={series.key} withBorder p="md" data-testid="dashboard-chart" data-chart-key={series.key}>
            <Title order={3} size="h5" mb="sm">
              {label(series.key)}
            </Title>
            {points.length === 0 ? (
              <Text c="dimmed" data-testid="dashboard-chart-empty">
                {t('dashboard.noDataInRange')}
              </Text>
            ) : (
              <AreaChart
                h={220}
                data={points}
                dataKey="date"
                curveType="monotone"
                withDots={points.length < 40}
                series={series.lines.map((line, index) => ({
                  name: line,
                  label: label(line),
                  color: COLORS[index % COLORS.length] ?? 'blue.6',
                }))}
                withLegend={series.lines.length > 1}
              />
            )}
          </Paper>
        );
      })}
      {stats.breakdowns.map((breakdown) => (
        <Paper
          key={breakdown.key}
          withBorder
          p="md"
          data-testid="dashboard-chart"
          data-chart-key={breakdown.key}
        >
          <Title order={3} size="h5" mb="sm">
            {label(breakdown.key)}
          </Title>
          <BarChart
            h={220}
            data={breakdown.items.map((item) => ({ name: label(item.name), value: item.value }))}
            dataKey="name"
            series={[{ name: 'value', label: label(breakdown.key), color: 'blue.6' }]}
          />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
