import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { STATS_CACHE_ACTIVITY_MS } from '@herald/protocol';
import { Suspense, lazy } from 'react';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';

const AdminCharts = lazy(() => import('./AdminCharts.tsx'));

/**
 * The organization's administrative figures (getStats): users, partitions and partition sets, and sign-ins
 * and recorded changes per day over its last days. Moved here from the dashboard, which speaks to marketers.
 */
export function AdminFigures({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const stats = useCommand(
    current.channel,
    'getStats',
    { organizationId: current.organizationId },
    { staleTime: STATS_CACHE_ACTIVITY_MS },
  );
  return (
    <Stack component="section" aria-labelledby="admin-panel-figures" data-testid="admin-panel-figures">
      <Title order={2} size="h4" id="admin-panel-figures">
        {t('adminPanel.figures')}
      </Title>
      {stats.isPending ? (
        <Skeleton h={84} radius="md" />
      ) : stats.isError ? (
        <Alert color="red">{errorText(stats.error.type, stats.error.message)}</Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(
              [
                ['users', stats.data.totals.users],
                ['partitions', stats.data.totals.partitions],
                ['partitionSets', stats.data.totals.partitionSets],
              ] as const
            ).map(([key, value]) => (
              <Paper key={key} withBorder p="md" data-testid="admin-panel-stat" data-stat-key={key}>
                <Text size="sm" c="dimmed">
                  {t(`adminPanel.stats.${key}`)}
                </Text>
                <Figure value={value} fz="xl" fw={700} />
              </Paper>
            ))}
          </SimpleGrid>
          <Suspense fallback={<Skeleton h={260} radius="md" />}>
            <AdminCharts activity={stats.data.activity} />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
