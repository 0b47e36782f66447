import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { STATS_CACHE_ACTIVITY_MS, isHeadOfficeUser } from '@herald/protocol';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useCommand } from '../../platform/data/useCommand.ts';
import { isUnknownCommand } from '../../platform/data/pendingCommands.ts';
import { formatDate } from '../../platform/i18n/formatDateTime.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { RoleBadges } from '../organizations/RoleBadges.tsx';
import { campaignPath, readCampaigns } from '../search/campaignRecords.ts';
import { useCampaignQuery } from '../search/useCampaignQuery.ts';
import { changeChartDateRange } from './chartDateRange.ts';
import { chartDateRangeState } from './chartDateRangeState.ts';
import { readDashboardStats } from './stats.ts';
import { useStatLabel } from './useStatLabel.ts';

const StatsCharts = lazy(() => import('./StatsCharts.tsx'));

/** How many campaigns "Recent campaigns" lists, newest start date first. */
const RECENT_CAMPAIGNS = 5;
const NEWEST_START_FIRST = { sort: 'startDate', order: 'desc' } as const;

/**
 * The organization's overview: its statistics (getStats) as cards and charts over the chart date range,
 * the most recent campaigns, and what the user may do here.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentOrganization();
  if (!current) return null;
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome', { organization: current.organization.name })}</Title>
      {/* Organization-wide figures are head office's view; franchisees (no base capability) are not shown them. */}
      {current.organization.capabilities.includes('base') && <Statistics current={current} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <RecentCampaigns organizationId={current.organizationId} />
        <AccessSummary current={current} />
      </SimpleGrid>
    </Stack>
  );
}

function Statistics({ current }: { current: CurrentOrganization }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const label = useStatLabel();
  const [range, setRange] = useValueStore(chartDateRangeState);
  const stats = useCommand(
    current.channel,
    'getStats',
    { organizationId: current.organizationId },
    { staleTime: STATS_CACHE_ACTIVITY_MS },
  );
  const read = useMemo(() => (stats.data ? readDashboardStats(stats.data) : null), [stats.data]);
  return (
    <Stack component="section" aria-labelledby="dashboard-statistics">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3" id="dashboard-statistics">
          {t('dashboard.statistics')}
        </Title>
        <Group gap="sm" align="end">
          <TextInput
            type="date"
            label={t('dashboard.from')}
            value={range.from}
            max={range.to}
            onChange={(event) =>
              setRange((previous) => changeChartDateRange(previous, { from: event.currentTarget.value }))
            }
            data-testid="dashboard-date-from"
          />
          <TextInput
            type="date"
            label={t('dashboard.to')}
            value={range.to}
            min={range.from}
            onChange={(event) =>
              setRange((previous) => changeChartDateRange(previous, { to: event.currentTarget.value }))
            }
            data-testid="dashboard-date-to"
          />
        </Group>
      </Group>
      {stats.isPending ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="dashboard-stats-loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : stats.isError && !isUnknownCommand(stats.error) ? (
        <Alert color="red" data-testid="dashboard-stats-error">
          {errorText(stats.error.type, stats.error.message)}
        </Alert>
      ) : !read ? (
        <Text c="dimmed" data-testid="dashboard-stats-empty">
          {t('dashboard.noStatistics')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {read.cards.map((card) => (
              <Paper key={card.key} withBorder p="md" data-testid="dashboard-stat" data-stat-key={card.key}>
                <Text size="sm" c="dimmed">
                  {label(card.key)}
                </Text>
                <Text fz="xl" fw={700}>
                  {card.value.toLocaleString(i18n.language)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Suspense fallback={<Skeleton h={260} radius="md" data-testid="dashboard-charts-loading" />}>
            <StatsCharts stats={read} range={range} />
          </Suspense>
        </>
      )}
    </Stack>
  );
}

function RecentCampaigns({ organizationId }: { organizationId: number }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const recent = useCampaignQuery({
    limit: RECENT_CAMPAIGNS,
    sortKey: NEWEST_START_FIRST.sort,
    sortOrder: NEWEST_START_FIRST.order,
  });
  const campaigns = readCampaigns(recent.data?.records ?? []);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="dashboard-recent"
      data-testid="dashboard-recent-campaigns"
    >
      <Title order={2} size="h4" id="dashboard-recent" mb="sm">
        {t('dashboard.recentCampaigns')}
      </Title>
      {recent.isPending ? (
        <Stack gap="xs" data-testid="dashboard-recent-loading" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h={20} />
          ))}
        </Stack>
      ) : recent.isError && !isUnknownCommand(recent.error) ? (
        <Alert color="red" data-testid="dashboard-recent-error">
          {errorText(recent.error.type, recent.error.message)}
        </Alert>
      ) : campaigns.length === 0 ? (
        <Text c="dimmed" data-testid="dashboard-recent-empty">
          {t('dashboard.noCampaigns')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.campaignName')}</Table.Th>
              <Table.Th>{t('dashboard.campaignStart')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.map((campaign) => (
              <Table.Tr
                key={campaign.id}
                data-testid="dashboard-recent-campaign"
                data-campaign-id={campaign.id}
              >
                <Table.Td>
                  <Anchor component={Link} to={campaignPath(organizationId, campaign.id)}>
                    {campaign.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(campaign.startDate, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function AccessSummary({ current }: { current: CurrentOrganization }) {
  const { t } = useTranslation();
  const { organization } = current;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dashboard-access">
      <Title order={2} size="h4" id="dashboard-access" mb="xs">
        {t('dashboard.yourAccess')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {isHeadOfficeUser(organization.partitionsets)
          ? t('dashboard.headOffice')
          : t('dashboard.partitioned')}
      </Text>
      <Text size="sm" fw={600} id="dashboard-roles-label">
        {t('dashboard.roles')}
      </Text>
      <Group gap={4} mb="sm" data-testid="dashboard-roles" aria-labelledby="dashboard-roles-label">
        {organization.roles.length > 0 ? (
          <RoleBadges roles={organization.roles} />
        ) : (
          <Text size="sm">{t('dashboard.none')}</Text>
        )}
      </Group>
      <Text size="sm" fw={600} id="dashboard-capabilities-label">
        {t('dashboard.capabilities')}
      </Text>
      <Group gap={4} data-testid="dashboard-capabilities" aria-labelledby="dashboard-capabilities-label">
        {organization.capabilities.length > 0 ? (
          organization.capabilities.map((capability) => (
            <Badge key={capability} variant="outline" tt="none">
              {t(`capabilities.${capability}`, { defaultValue: capability })}
            </Badge>
          ))
        ) : (
          <Text size="sm">{t('dashboard.none')}</Text>
        )}
      </Group>
    </Paper>
  );
}
