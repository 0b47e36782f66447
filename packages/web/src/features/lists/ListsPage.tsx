import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
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
import type { ListParams } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import { ListActions } from './ListActions.tsx';
import { ListStateBadge } from './ListStateBadge.tsx';
import { LIST_FILTERS, LIST_SORT_KEYS, listQueryFilter, pathId, subscriberListDefinition } from './list.ts';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

export const LISTS_PARTITION_ROUTE = 'subscribers-partition';
/** Names the screen's queries, so a newer one cancels an older still running. */
const LISTS_QUERY = 'subscriber-lists';

/** Subscriber lists (functional §2), also `subscribers/partition/{id}` for one partition's lists. */
export default function ListsPage() {
  const { t, i18n } = useTranslation();
  const { base, canManage, rules } = useListsContext();
  const shown = currentRoute(useMatches());
  const partitionFromPath = shown?.route.id === LISTS_PARTITION_ROUTE ? pathId(shown.params.id) : null;
  const [params, change] = useListParams(
    subscriberListDefinition,
    partitionFromPath !== null ? { partition: partitionFromPath } : {},
  );
  const partitions = usePartitionOptions();
  const overlayLink = useOverlayLink();
  const lists = useRecords<SubscriberList>('list', {
    filter: listQueryFilter(params),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: LISTS_QUERY,
  });
  const defaults = defaultListParams(subscriberListDefinition);
  const filtered = params.search !== '' || params.filter !== defaults.filter || params.partition !== null;
  const records = lists.data?.records ?? [];
  const newListBlocked = rules.disallowNewLists;
  const date = (value: string) => formatDateTime(value, i18n.language);

  const newList = canManage && (
    <Tooltip label={t('errors.NewListNotAllowedError')} disabled={!newListBlocked}>
      {newListBlocked ? (
        <Button data-disabled data-testid="new-list" onClick={(event) => event.preventDefault()}>
          {t('lists.new')}
        </Button>
      ) : (
        <Button component={Link} to={overlayLink(`${base}/subscribers/new`)} data-testid="new-list">
          {t('lists.new')}
        </Button>
      )}
    </Tooltip>
  );

  return (
    <Stack data-testid="lists-page" aria-busy={lists.isFetching}>
      <Group justify="space-between">
        <Title order={1}>
          {partitionFromPath !== null
            ? t('lists.partitionTitle', { id: partitionFromPath })
            : t('lists.title')}
        </Title>
        <Group>
          {canManage && !rules.disallowSubscriberUpload && (
            <Button
              variant="default"
              component={Link}
              to={`${base}/subscribers/import`}
              data-testid="import-any"
            >
              {t('lists.import.title')}
            </Button>
          )}
          {newList}
        </Group>
      </Group>
      {canManage && newListBlocked && (
        <Text size="sm" c="dimmed" data-testid="new-list-blocked">
          {t('lists.newListBlocked')}
        </Text>
      )}
      <ListToolbar
        params={params}
        onChange={change}
        filters={LIST_FILTERS.map((value) => ({ value, label: t(`lists.filters.${value}`) }))}
        sortKeys={LIST_SORT_KEYS.map((value) => ({ value, label: t(`lists.sortKeys.${value}`) }))}
        partitions={partitionFromPath === null ? partitions : []}
      />
      <RecordsError error={lists.error} />
      {lists.isPending ? (
        <ListSkeleton view={params.view} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered}>
          {!filtered && (
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {t('lists.emptyHint')}
            </Text>
          )}
          {!filtered && canManage && !newListBlocked && (
            <Button component={Link} to={overlayLink(`${base}/subscribers/new`)} variant="light">
              {t('lists.createFirst')}
            </Button>
          )}
        </ListEmpty>
      ) : params.view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="list-grid">
          {records.map((list) => (
            <Card key={list.id} withBorder data-testid="list-card" data-list-id={list.id}>
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Anchor
                  component={Link}
                  to={`${base}/subscribers/view/${list.id}`}
                  fw={600}
                  data-testid="list-name"
                >
                  {list.name}
                </Anchor>
                <Group gap={4} wrap="nowrap">
                  <ListStateBadge state={list.state} />
                  <ListActions list={list} />
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {t(`lists.types.${list.listType}`)}
              </Text>
              <Group gap="lg" mt="sm">
                <Stat
                  label={t('lists.stats.subscribers')}
                  value={list.stats.subscribers}
                  testId="list-subscribers"
                />
                <Stat
                  label={t('lists.stats.contactable')}
                  value={list.stats.contactable}
                  testId="list-contactable"
                />
              </Group>
              <Text size="xs" c="dimmed" mt="sm">
                {t('lists.lastUpdatedAt', { date: date(list.lastUpdated) })}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="list-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.fields.name')}</Table.Th>
                <Table.Th>{t('lists.fields.type')}</Table.Th>
                <Table.Th>{t('lists.fields.state')}</Table.Th>
                <Table.Th ta="right">{t('lists.stats.subscribers')}</Table.Th>
                <Table.Th ta="right">{t('lists.stats.contactable')}</Table.Th>
                <Table.Th>{t('lists.fields.lastUpdated')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((list) => (
                <Table.Tr key={list.id} data-testid="list-row" data-list-id={list.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/subscribers/view/${list.id}`}
                      data-testid="list-name"
                    >
                      {list.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`lists.types.${list.listType}`)}</Table.Td>
                  <Table.Td>
                    <ListStateBadge state={list.state} />
                  </Table.Td>
                  <Table.Td ta="right" data-testid="list-subscribers" title={String(list.stats.subscribers)}>
                    {formatNumber(list.stats.subscribers)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="list-contactable" title={String(list.stats.contactable)}>
                    {formatNumber(list.stats.contactable)}
                  </Table.Td>
                  <Table.Td>{date(list.lastUpdated)}</Table.Td>
                  <Table.Td>
                    <ListActions list={list} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lists.data && (
        <ListPagination
          total={lists.data.total}
          page={params.page}
          onChange={(page) => change({ page } satisfies Partial<ListParams>)}
        />
      )}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} title={String(value)}>
        {formatNumber(value)}
      </Text>
    </Stack>
  );
}
