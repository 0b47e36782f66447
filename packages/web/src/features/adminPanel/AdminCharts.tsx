import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { OrganizationStats } from '@herald/protocol';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * Sign-ins and recorded changes a day as bars: the server fills every day of the window (0 where nothing
 * happened), so the days are evenly spaced, and counts get whole-number ticks only.
 */
export default function AdminCharts({ activity }: { activity: OrganizationStats['activity'] }) {
  const { t, i18n } = useTranslation();
  const charts = [
    { key: 'signInsPerDay', days: activity.signInsPerDay, title: t('adminPanel.stats.signInsPerDay') },
    { key: 'changesPerDay', days: activity.changesPerDay, title: t('adminPanel.stats.changesPerDay') },
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {charts.map((chart) => (
        <Paper key={chart.key} withBorder p="md" data-testid="admin-panel-chart" data-chart-key={chart.key}>
          <Title order={3} size="h5" mb="sm">
            {chart.title}
          </Title>
          <BarChart
            h={200}
            data={chart.days.map((day) => ({ day: displayDate(day.date, i18n.language), count: day.count }))}
            dataKey="day"
            series={[{ name: 'count', label: chart.title, color: 'blue.7' }]}
            yAxisProps={{ allowDecimals: false }}
          />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
