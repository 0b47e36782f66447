import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentRoute } from '../../platform/guards/routeHandle.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import {
  ListEmpty,
  ListPagination,
  ListSkeleton,
  ListToolbar,
  RecordsError,
} from '../../platform/list/ListControls.tsx';
import { defaultListParams, queryWindow } from '../../platform/list/listParams.ts';
import type { ListParams } from '../../platform/list/listParams.ts';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import {
  CAMPAIGN_FILTERS,
  CAMPAIGN_SORT_KEYS,
  campaignListDefinition,
  campaignQueryFilter,
  campaignState,
  isoToday,
} from './campaign.ts';
import type { Campaign } from './campaign.ts';

export const CAMPAIGNS_PARTITION_ROUTE = 'campaigns-partition';
/** Names the list's queries, so a newer one cancels an older still running (PROTOCOL §4 query). */
const CAMPAIGN_LIST_QUERY = 'campaigns-list';

/** Campaigns (functional §2): the list with its filters, also `campaigns/partition/{id}` for one partition. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  // campaigns/partition/{id}: the list for one partition. (Behind an overlay, `id` is the overlay's.)
  const shown = currentRoute(useMatches());
  const partitionFromPath =
    shown?.route.id === CAMPAIGNS_PARTITION_ROUTE && shown.params.id ? Number(shown.params.id) : null;
  const [params, change] = useListParams(
    campaignListDefinition,
    partitionFromPath !== null && Number.isSafeInteger(partitionFromPath)
      ? { partition: partitionFromPath }
      : {},
  );
  const partitions = usePartitionOptions();
  const overlayLink = useOverlayLink();
  const campaigns = useRecords<Campaign>('campaign', {
    filter: campaignQueryFilter(params),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: CAMPAIGN_LIST_QUERY,
  });
  const base = `/${organization?.organizationId ?? ''}`;
  const defaults = defaultListParams(campaignListDefinition);
  const filtered = params.search !== '' || params.filter !== defaults.filter || params.partition !== null;
  const today = isoToday();
  const records = campaigns.data?.records ?? [];
  const editable = useResourceAccess('campaign').canWrite;

  return (
    <Stack data-testid="campaigns-page" aria-busy={campaigns.isFetching}>
      <Group justify="space-between">
        <Title order={1}>
          {partitionFromPath !== null
            ? t('campaigns.partitionTitle', { id: partitionFromPath })
            : t('campaigns.title')}
        </Title>
        {editable && (
          <Button component={Link} to={overlayLink(`${base}/campaigns/new`)} data-testid="new-campaign">
            {t('campaigns.new')}
          </Button>
        )}
      </Group>
      <ListToolbar
        params={params}
        onChange={change}
        filters={CAMPAIGN_FILTERS.map((value) => ({ value, label: t(`campaigns.filters.${value}`) }))}
        sortKeys={CAMPAIGN_SORT_KEYS.map((value) => ({ value, label: t(`campaigns.sortKeys.${value}`) }))}
        partitions={partitionFromPath === null ? partitions : []}
      />
      <RecordsError error={campaigns.error} />
      {campaigns.isPending ? (
        <ListSkeleton view={params.view} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered}>
          {!filtered && editable && (
            <Button component={Link} to={overlayLink(`${base}/campaigns/new`)} variant="light">
              {t('campaigns.createFirst')}
            </Button>
          )}
        </ListEmpty>
      ) : params.view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="campaign-grid">
          {records.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              today={today}
              to={overlayLink(`${base}/campaigns/${campaign.id}`)}
              page={`${base}/campaign/${campaign.id}`}
            />
          ))}
        </SimpleGrid>
      ) : (
        <CampaignTable records={records} today={today} base={base} overlayLink={overlayLink} />
      )}
      {campaigns.data && (
        <ListPagination
          total={campaigns.data.total}
          page={params.page}
          onChange={(page) => change({ page } satisfies Partial<ListParams>)}
        />
      )}
    </Stack>
  );
}

export function CampaignStateBadge({ campaign, today }: { campaign: Campaign; today: string }) {
  const { t } = useTranslation();
  const state = campaignState(campaign, today);
  const color = { active: 'teal', upcoming: 'blue', completed: 'gray', archived: 'dark' }[state];
  return (
    <Badge color={color} variant="light" data-testid="campaign-state" data-state={state}>
      {t(`campaigns.states.${state}`)}
    </Badge>
  );
}

function campaignDates(campaign: Campaign): string {
  return campaign.endDate ? `${campaign.startDate} – ${campaign.endDate}` : `${campaign.startDate} –`;
}

function CampaignCard({
  campaign,
  today,
  to,
  page,
}: {
  campaign: Campaign;
  today: string;
  to: string;
  page: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="campaign-card" data-campaign-id={campaign.id}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Anchor component={Link} to={to} fw={600} data-testid="campaign-name">
          {campaign.name}
        </Anchor>
        <CampaignStateBadge campaign={campaign} today={today} />
      </Group>
      <Text size="sm" c="dimmed" data-testid="campaign-dates">
        {campaignDates(campaign)}
      </Text>
      {campaign.details && (
        <Text size="sm" lineClamp={2} mt="xs">
          {campaign.details}
        </Text>
      )}
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">
          {t('pageTitle.id', { id: campaign.id })}
        </Text>
        <Anchor component={Link} to={page} size="sm">
          {t('campaigns.open')}
        </Anchor>
      </Group>
    </Card>
  );
}

function CampaignTable({
  records,
  today,
  base,
  overlayLink,
}: {
  records: Campaign[];
  today: string;
  base: string;
  overlayLink: (path: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="campaign-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('campaigns.fields.id')}</Table.Th>
            <Table.Th>{t('campaigns.fields.name')}</Table.Th>
            <Table.Th>{t('campaigns.fields.startDate')}</Table.Th>
            <Table.Th>{t('campaigns.fields.endDate')}</Table.Th>
            <Table.Th>{t('campaigns.fields.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((campaign) => (
            <Table.Tr key={campaign.id} data-testid="campaign-row" data-campaign-id={campaign.id}>
              <Table.Td>{campaign.id}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={overlayLink(`${base}/campaigns/${campaign.id}`)}
                  data-testid="campaign-name"
                >
                  {campaign.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{campaign.startDate}</Table.Td>
              <Table.Td>{campaign.endDate ?? ''}</Table.Td>
              <Table.Td>
                <CampaignStateBadge campaign={campaign} today={today} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`${base}/campaign/${campaign.id}`} size="sm">
                  {t('campaigns.open')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
