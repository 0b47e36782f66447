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
  Title,
} from '@mantine/core';
import { isHeadOfficeUser } from '@herald/protocol';
import { Link } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { isUnknownCommand } from '../../platform/data/pendingCommands.ts';
import { formatDate } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { RoleBadges } from '../organizations/RoleBadges.tsx';
import { campaignPath, readCampaigns } from '../search/campaignRecords.ts';
import { useCampaignQuery } from '../search/useCampaignQuery.ts';
import { DashboardFigures } from './DashboardFigures.tsx';

/** How many campaigns "Recent campaigns" lists, newest start date first. */
const RECENT_CAMPAIGNS = 5;
const NEWEST_START_FIRST = { sort: 'startDate', order: 'desc' } as const;

/**
 * The organization's overview for a marketer: subscribers and their growth over the chart date range,
 * imports and campaigns by status (getDashboardStats, within the user's partitions), the most recent
 * campaigns, and what the user may do here. The administrative figures (users, partitions, sign-ins,
 * changes) are on the admin panel.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentOrganization();
  if (!current) return null;
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome', { organization: current.organization.name })}</Title>
      {/* Whoever may read subscribers sees the figures, a partition-restricted user those of their partitions. */}
      {(current.organization.capabilities.includes('base') ||
        current.organization.capabilities.includes('franchisee')) && <DashboardFigures current={current} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <RecentCampaigns organizationId={current.organizationId} />
        <AccessSummary current={current} />
      </SimpleGrid>
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
