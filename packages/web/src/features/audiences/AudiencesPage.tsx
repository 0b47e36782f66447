import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PAGE_LIMIT, formatNumber } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentRoute } from '../../platform/guards/routeHandle.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import {
  ListEmpty,
  ListPagination,
  ListSkeleton,
  ListToolbar,
  RecordsError,
} from '../../platform/list/ListControls.tsx';
import { defaultListParams, queryWindow } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { pathId } from '../lists/list.ts';
import { AudienceStatusBadge } from './AudienceStatusBadge.tsx';
import {
  AUDIENCE_FILTERS,
  AUDIENCE_SORT_KEYS,
  audienceListDefinition,
  audienceQueryFilter,
} from './audience.ts';
import type { Audience } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

export const AUDIENCES_PARTITION_ROUTE = 'audiences-partition';
/** Names the screen's queries, so a newer one cancels an older still running. */
const AUDIENCES_QUERY = 'audiences';

/** Audiences (functional §3), also `audiences/partition/{id}` for one partition's audiences. */
export default function AudiencesPage() {
  const { t, i18n } = useTranslation();
  const { base, canManage } = useAudiencesContext();
  const shown = currentRoute(useMatches());
  const partitionFromPath = shown?.route.id === AUDIENCES_PARTITION_ROUTE ? pathId(shown.params.id) : null;
  const [params, change] = useListParams(
    audienceListDefinition,
    partitionFromPath !== null ? { partition: partitionFromPath } : {},
  );
  const partitions = usePartitionOptions();
  const audiences = useRecords<Audience>('audience', {
    filter: audienceQueryFilter(params),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: AUDIENCES_QUERY,
  });
  const defaults = defaultListParams(audienceListDefinition);
  const filtered =
    params.search !== '' ||
    params.filter !== defaults.filter ||
    params.archived !== defaults.archived ||
    params.partition !== null;
  const records = audiences.data?.records ?? [];
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  const size = (audience: Audience) => (audience.size === null ? '—' : formatNumber(audience.size));
  const viewLink = (audience: Audience) => `${base}/audiences/view/${audience.id}`;

  return (
    <Stack data-testid="audiences-page" aria-busy={audiences.isFetching}>
      <Group justify="space-between">
        <Title order={1}>
          {partitionFromPath !== null
            ? t('audiences.partitionTitle', { id: partitionFromPath })
            : t('audiences.title')}
        </Title>
        {canManage && (
          <Button component={Link} to={`${base}/audiences/new`} data-testid="new-audience">
            {t('audiences.new')}
          </Button>
        )}
      </Group>
      <ListToolbar
        params={params}
        onChange={change}
        filters={AUDIENCE_FILTERS.map((value) => ({ value, label: t(`audiences.filters.${value}`) }))}
        sortKeys={AUDIENCE_SORT_KEYS.map((value) => ({ value, label: t(`audiences.sortKeys.${value}`) }))}
        archive
        partitions={partitionFromPath === null ? partitions : []}
      />
      <RecordsError error={audiences.error} />
      {audiences.isPending ? (
        <ListSkeleton view={params.view} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered}>
          {!filtered && (
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {t('audiences.emptyHint')}
            </Text>
          )}
          {!filtered && canManage && (
            <Button component={Link} to={`${base}/audiences/new`} variant="light">
              {t('audiences.createFirst')}
            </Button>
          )}
        </ListEmpty>
      ) : params.view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="audience-grid">
          {records.map((audience) => (
            <Card key={audience.id} withBorder data-testid="audience-card" data-audience-id={audience.id}>
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Anchor component={Link} to={viewLink(audience)} fw={600} data-testid="audience-name">
                  {audience.name}
                </Anchor>
                <AudienceStatusBadge status={audience.status} />
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2} ff="monospace" title={audience.targetText}>
                {audience.targetText}
              </Text>
              <Group gap="lg" mt="sm" justify="space-between">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('audiences.fields.size')}
                  </Text>
                  <Text fw={600} data-testid="audience-size" title={String(audience.size ?? '')}>
                    {size(audience)}
                  </Text>
                </Stack>
                <Anchor component={Link} to={`${base}/audiences/report/${audience.id}`} size="sm">
                  {t('audiences.report')}
                </Anchor>
              </Group>
              <Text size="xs" c="dimmed" mt="sm">
                {t('audiences.generatedAtValue', { date: date(audience.generatedAt) })}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="audience-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audiences.fields.name')}</Table.Th>
                <Table.Th>{t('audiences.fields.status')}</Table.Th>
                <Table.Th ta="right">{t('audiences.fields.size')}</Table.Th>
                <Table.Th>{t('audiences.fields.generatedAt')}</Table.Th>
                <Table.Th>{t('audiences.fields.updatedAt')}</Table.Th>
                <Table.Th>{t('audiences.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((audience) => (
                <Table.Tr key={audience.id} data-testid="audience-row" data-audience-id={audience.id}>
                  <Table.Td>
                    <Anchor component={Link} to={viewLink(audience)} data-testid="audience-name">
                      {audience.name}
                    </Anchor>
                    {audience.isArchived && (
                      <Text span size="xs" c="dimmed" ml="xs">
                        {t('audiences.archived')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <AudienceStatusBadge status={audience.status} />
                  </Table.Td>
                  <Table.Td ta="right" data-testid="audience-size" title={String(audience.size ?? '')}>
                    {size(audience)}
                  </Table.Td>
                  <Table.Td>{date(audience.generatedAt)}</Table.Td>
                  <Table.Td>{date(audience.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/audiences/report/${audience.id}`} size="sm">
                      {t('audiences.report')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {audiences.data && (
        <ListPagination
          total={audiences.data.total}
          page={params.page}
          onChange={(page) => change({ page })}
        />
      )}
    </Stack>
  );
}
