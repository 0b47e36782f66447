import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardStats } from '@herald/protocol';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { EngagementCards } from '../engagement/EngagementCards.tsx';
import { EngagementChart } from '../engagement/EngagementChart.tsx';
import { hasEngagement } from '../engagement/engagement.ts';
import { useDashboardCsv } from './dashboardCsv.ts';

/**
 * What the messages did over the chosen range (getDashboardStats' engagement, within the user's partitions):
 * sends, opens, clicks and unsubscribes as cards with their rates, and the series as a chart; a CSV of the
 * dashboard's figures. The range is the one the subscriber figures above count.
 */
export function DashboardEngagement({
  stats,
  organizationName,
}: {
  stats: DashboardStats;
  organizationName: string;
}) {
  const { t, i18n } = useTranslation();
  const exportCsv = useDashboardCsv(stats, organizationName);
  const { engagement, engagementRange } = stats;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="dashboard-engagement-title"
      data-testid="dashboard-engagement"
      data-from={engagementRange.from}
      data-to={engagementRange.to}
    >
      <Stack>
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-engagement-title">
            {t('engagement.title')}
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={() => void exportCsv()}
            data-testid="dashboard-export-csv"
          >
            {t('engagement.exportCsv')}
          </Button>
        </Group>
        {!hasEngagement(engagement) ? (
          <Text c="dimmed" data-testid="dashboard-engagement-empty">
            {t('engagement.empty')}
          </Text>
        ) : (
          <>
            <EngagementCards figures={engagement} shown={['sent', 'opens', 'clicks', 'unsubscribes']} />
            <Text size="xs" c="dimmed" data-testid="dashboard-engagement-more">
              {t('engagement.figures.bounced')}: {exactFigure(engagement.bounced, i18n.language)} ·{' '}
              {t('engagement.machineOpensNote', {
                count: exactFigure(engagement.machineOpens, i18n.language),
              })}
            </Text>
            <EngagementChart
              series={stats.engagementSeries}
              range={engagementRange}
              testId="dashboard-engagement-chart"
            />
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('engagement.range', {
            from: displayDate(engagementRange.from, i18n.language),
            to: displayDate(engagementRange.to, i18n.language),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
