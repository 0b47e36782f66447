import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { STATS_CACHE_ACTIVITY_MS } from '@herald/protocol';
import type { DashboardStats } from '@herald/protocol';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommand } from '../../platform/data/useCommand.ts';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { chartDateRangeState } from './chartDateRangeState.ts';
import { DashboardEngagement } from './DashboardEngagement.tsx';
import { DashboardRange } from './DashboardRange.tsx';
import { GrowthChart } from './GrowthChart.tsx';
import { StatusCards } from './StatusCards.tsx';
import { growthOverRange, newInRange } from './subscriberGrowth.ts';

/**
 * What a marketer looks for first: the subscribers (total, contactable, new in the range, unsubscribed) and
 * their growth over the chosen range, what the messages did over it (sends, opens, clicks, unsubscribes), then
 * imports and campaigns by status. Figures are within the user's partitions (getDashboardStats); changing the
 * range asks for the messages' figures of the new range.
 */
export function DashboardFigures({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [range] = useValueStore(chartDateRangeState);
  // The range is the server's to count for the messages (unique opens cannot be summed from days); the
  // figures already shown stay while another range's arrive.
  const stats = useCommand(
    current.channel,
    'getDashboardStats',
    { organizationId: current.organizationId, from: range.from, to: range.to },
    { staleTime: STATS_CACHE_ACTIVITY_MS, placeholderData: keepPreviousData },
  );
  return (
    <Stack component="section" aria-labelledby="dashboard-subscribers">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3" id="dashboard-subscribers">
          {t('dashboard.subscribers')}
        </Title>
        <DashboardRange />
      </Group>
      {stats.isPending ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="dashboard-stats-loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : stats.isError ? (
        <Alert color="red" data-testid="dashboard-stats-error">
          {errorText(stats.error.type, stats.error.message)}
        </Alert>
      ) : (
        <Loaded stats={stats.data} organizationName={current.organization.name} />
      )}
    </Stack>
  );
}

function Loaded({ stats, organizationName }: { stats: DashboardStats; organizationName: string }) {
  const { t, i18n } = useTranslation();
  const [range] = useValueStore(chartDateRangeState);
  const { subscribers } = stats;
  const growth = useMemo(() => growthOverRange(subscribers.createdPerDay, range), [subscribers, range]);
  const cards = [
    { key: 'total', value: subscribers.total },
    { key: 'contactable', value: subscribers.contactable },
    { key: 'new', value: newInRange(subscribers.createdPerDay, range) },
    { key: 'unsubscribed', value: subscribers.unsubscribed },
  ] as const;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {cards.map((card) => (
          <Paper key={card.key} withBorder p="md" data-testid="dashboard-stat" data-stat-key={card.key}>
            <Text size="sm" c="dimmed">
              {t(`dashboard.cards.${card.key}`)}
            </Text>
            <Figure value={card.value} fz="xl" fw={700} data-testid="dashboard-stat-value" />
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed" mb="sm" data-testid="dashboard-range-shown">
          {t('dashboard.rangeShown', {
            from: displayDate(range.from, i18n.language),
            to: displayDate(range.to, i18n.language),
          })}
        </Text>
        <GrowthChart periods={growth.periods} unit={growth.unit} />
      </Paper>
      <DashboardEngagement stats={stats} organizationName={organizationName} />
      <StatusCards stats={stats} />
    </>
  );
}
