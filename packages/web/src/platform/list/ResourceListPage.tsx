import { Card, Group, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import type { TableTdProps } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import type { ReactNode } from 'react';
import { currentRoute } from '../guards/routeHandle.ts';
import { useRouteMatches } from '../guards/routeMatches.tsx';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { ResourceType } from '../resources/resources.ts';
import { ListEmpty, ListPagination, ListSkeleton, ListToolbar, RecordsError } from './ListControls.tsx';
import { defaultListParams, queryWindow } from './listParams.ts';
import type { ListDefinition, ListParams } from './listParams.ts';
import { pathId } from './pathId.ts';
import { usePartitionOptions } from './usePartitionOptions.ts';
import { useListParams } from './useListParams.ts';
import { useRecords } from './useRecords.ts';
import type { TypedRecord } from './useRecords.ts';

/** One column of the list view: its header, and each record's cell. */
export interface ListColumn<R> {
  header: ReactNode;
  cell: (record: R) => ReactNode;
  align?: TableTdProps['ta'];
  /** Attributes of each record's cell (a test id, a title with the exact figure). */
  cellProps?: (record: R) => Record<`data-${string}` | 'title', string>;
}

/** What one resource's list screen declares; the screen itself is the same for every resource. */
export interface ResourceListConfig<Type extends ResourceType> {
  type: Type;
  /** Filters and sort keys (their labels are `{labels}.filters.*` and `{labels}.sortKeys.*`). */
  definition: ListDefinition;
  /** The `query` filter for the screen's params. */
  queryFilter: (params: ListParams) => Record<string, unknown>;
  /** Names the screen's queries, so a newer one cancels an older still running (PROTOCOL §4 query). */
  queryKey: string;
  /** The translation group: `{labels}.title`, `{labels}.partitionTitle`, the filters' and sort keys' labels. */
  labels: string;
  /** The route id of `…/partition/{id}`, the list for one partition; without it, no partition selector. */
  partitionRoute?: string;
  /** The record's name in test ids: `{item}-card`, `{item}-row`, `{item}-grid`, `{item}-table`, `data-{item}-id`. */
  item: string;
  /** The page's test id. */
  testId: string;
  /** Show the archive filter (for lists whose filters do not already include archived). */
  archive?: boolean;
  /** Buttons beside the title (new, import), and what shows under it. */
  actions?: ReactNode;
  notice?: ReactNode;
  /** What an empty list says when nothing is filtered: a first-use hint, a create button. */
  firstUse?: ReactNode;
  /** The inside of a record's card in the grid view. */
  card: (record: TypedRecord<Type>) => ReactNode;
  columns: ReadonlyArray<ListColumn<TypedRecord<Type>>>;
  tableMinWidth: number;
  /** Records a page (default PAGE_LIMIT, 25; assets show 20). */
  pageSize?: number;
  /** What the screen adds below the list (a form in a modal). */
  children?: ReactNode;
}

/**
 * A resource's list screen (functional §2, platform §9): title, toolbar, records as cards or rows, paging,
 * every choice in the URL, kept live. Also `…/partition/{id}` for one partition, whose id the path fixes.
 */
export function ResourceListPage<Type extends ResourceType>(config: ResourceListConfig<Type>) {
  const { t } = useTranslation();
  const { definition, item } = config;
  // (Behind an overlay, the path's `id` is the overlay's, so only the partition route's own id counts.)
  const shown = currentRoute(useRouteMatches());
  const partitioned = config.partitionRoute !== undefined;
  const partitionFromPath =
    shown && partitioned && shown.route.id === config.partitionRoute ? pathId(shown.params.id) : null;
  const [params, change] = useListParams(
    definition,
    partitionFromPath !== null ? { partition: partitionFromPath } : {},
  );
  const partitions = usePartitionOptions();
  const result = useRecords(config.type, {
    filter: config.queryFilter(params),
    search: params.search || undefined,
    ...queryWindow(params, config.pageSize ?? PAGE_LIMIT),
    queryKey: config.queryKey,
  });
  const defaults = defaultListParams(definition);
  const filtered =
    params.search !== '' ||
    params.filter !== defaults.filter ||
    params.archived !== defaults.archived ||
    params.partition !== null;
  const records = result.data?.records ?? [];
  const idAttribute = `data-${item}-id`;

  return (
    <Stack data-testid={config.testId} aria-busy={result.isFetching}>
      <Group justify="space-between">
        <Title order={1}>
          {partitionFromPath !== null
            ? t(`${config.labels}.partitionTitle`, { id: partitionFromPath })
            : t(`${config.labels}.title`)}
        </Title>
        {config.actions}
      </Group>
      {config.notice}
      <ListToolbar
        params={params}
        onChange={change}
        filters={definition.filters.map((value) => ({
          value,
          label: t(`${config.labels}.filters.${value}`),
        }))}
        sortKeys={definition.sortKeys.map((value) => ({
          value,
          label: t(`${config.labels}.sortKeys.${value}`),
        }))}
        archive={config.archive}
        partitions={partitioned && partitionFromPath === null ? partitions : []}
      />
      <RecordsError error={result.error} />
      {result.isPending ? (
        <ListSkeleton view={params.view} />
      ) : records.length === 0 ? (
        <ListEmpty filtered={filtered}>{!filtered && config.firstUse}</ListEmpty>
      ) : params.view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid={`${item}-grid`}>
          {records.map((record) => (
            <Card key={record.id} withBorder data-testid={`${item}-card`} {...{ [idAttribute]: record.id }}>
              {config.card(record)}
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={config.tableMinWidth}>
          <Table striped highlightOnHover data-testid={`${item}-table`}>
            <Table.Thead>
              <Table.Tr>
                {config.columns.map((column, index) => (
                  <Table.Th key={index} ta={column.align}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((record) => (
                <Table.Tr key={record.id} data-testid={`${item}-row`} {...{ [idAttribute]: record.id }}>
                  {config.columns.map((column, index) => (
                    <Table.Td key={index} ta={column.align} {...column.cellProps?.(record)}>
                      {column.cell(record)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* An empty list's card says so; no "0 of 0" under it. */}
      {result.data && result.data.total > 0 && (
        <ListPagination
          total={result.data.total}
          page={params.page}
          onChange={(page) => change({ page })}
          limit={config.pageSize ?? PAGE_LIMIT}
          totalIsEstimate={result.data.totalIsEstimate === true}
        />
      )}
      {config.children}
    </Stack>
  );
}
