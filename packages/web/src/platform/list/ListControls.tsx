import {
  ActionIcon,
  Alert,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import type { DisplayView } from '@herald/protocol';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useErrorText } from '../alerts/useErrorText.ts';
import { errorTypeOf } from '../channel/channelError.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { ARCHIVE_FILTERS, pageCount } from './listParams.ts';
import type { ListParams } from './listParams.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

export interface ListOption {
  value: string;
  label: string;
}

/** Search box whose text reaches the list 400 ms after the last keystroke (platform §9). */
export function ListSearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  // The URL changed by other means (back button, a link): show what it says.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled change of the text is sent; `value` catching up must not send it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextInput
      type="search"
      aria-label={t('listScreen.search')}
      placeholder={t('listScreen.search')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      data-testid="list-search"
      w={220}
    />
  );
}

/**
 * The filter and sort bar of a list screen (functional §2): filters, sort key and order, search, archive
 * filter, partition, and the grid or list view. Each control writes the URL through `onChange`.
 */
export function ListToolbar({
  params,
  onChange,
  filters,
  sortKeys,
  archive = false,
  partitions = [],
  actions,
}: {
  params: ListParams;
  onChange: (change: Partial<ListParams>) => void;
  filters: readonly ListOption[];
  sortKeys: readonly ListOption[];
  /** Show the archive filter (for lists whose filters do not already include archived). */
  archive?: boolean;
  /** The organization's partitions; the selector shows only when there are some. */
  partitions?: readonly ListOption[];
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="list-toolbar">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          data={filters.map((filter) => ({ ...filter }))}
          value={params.filter}
          onChange={(filter) => onChange({ filter })}
          aria-label={t('listScreen.filter')}
          data-testid="list-filter"
        />
        <Group gap="xs">{actions}</Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <ListSearch value={params.search} onChange={(search) => onChange({ search })} />
        <Select
          label={t('listScreen.sortBy')}
          data={sortKeys.map((key) => ({ ...key }))}
          value={params.sort}
          onChange={(sort) => sort && onChange({ sort })}
          allowDeselect={false}
          w={160}
          data-testid="list-sort"
        />
        <Tooltip label={params.order === 'asc' ? t('listScreen.ascending') : t('listScreen.descending')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={params.order === 'asc' ? t('listScreen.ascending') : t('listScreen.descending')}
            onClick={() => onChange({ order: params.order === 'asc' ? 'desc' : 'asc' })}
            data-testid="list-order"
            data-order={params.order}
          >
            {params.order === 'asc' ? '↑' : '↓'}
          </ActionIcon>
        </Tooltip>
        {archive && (
          <Select
            label={t('listScreen.archive')}
            data={ARCHIVE_FILTERS.map((value) => ({ value, label: t(`listScreen.archiveFilters.${value}`) }))}
            value={params.archived}
            onChange={(archived) => archived && onChange({ archived: archived as ListParams['archived'] })}
            allowDeselect={false}
            w={150}
            data-testid="list-archive"
          />
        )}
        {partitions.length > 0 && (
          <Select
            label={t('listScreen.partition')}
            placeholder={t('listScreen.allPartitions')}
            data={partitions.map((partition) => ({ ...partition }))}
            value={params.partition === null ? null : String(params.partition)}
            onChange={(partition) => onChange({ partition: partition ? Number(partition) : null })}
            clearable
            w={180}
            data-testid="list-partition"
          />
        )}
        <ViewToggle view={params.view} onChange={(view) => onChange({ view })} />
      </Group>
    </Stack>
  );
}

export function ViewToggle({ view, onChange }: { view: DisplayView; onChange: (view: DisplayView) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      data={[
        { value: 'grid', label: t('listScreen.grid') },
        { value: 'list', label: t('listScreen.list') },
      ]}
      value={view}
      onChange={(value) => onChange(value as DisplayView)}
      aria-label={t('listScreen.view')}
      data-testid="list-view"
    />
  );
}

/**
 * Pages of PAGE_LIMIT records, with "n of total" beside them; "of about total" when the server answered an
 * estimate (a page over a very large set, such as a million subscribers).
 */
export function ListPagination({
  total,
  page,
  onChange,
  limit = PAGE_LIMIT,
  totalIsEstimate = false,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
  limit?: number;
  totalIsEstimate?: boolean;
}) {
  const { t } = useTranslation();
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" data-testid="list-pagination">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {totalIsEstimate
          ? t('listScreen.rangeEstimate', { first, last, total })
          : t('listScreen.range', { first, last, total })}
      </Text>
      {total > limit && (
        <Pagination
          total={pageCount(total, limit)}
          value={page}
          onChange={onChange}
          getControlProps={(control) => ({
            'aria-label': {
              previous: t('common.previousPage'),
              next: t('common.nextPage'),
              first: t('common.firstPage'),
              last: t('common.lastPage'),
            }[control],
          })}
          getItemProps={(item) => ({ 'aria-label': t('common.page', { page: item }) })}
        />
      )}
    </Group>
  );
}

/** Placeholders in the shape of the records while the first page loads. */
export function ListSkeleton({ view, count = 6 }: { view: DisplayView; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  return view === 'grid' ? (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="list-skeleton" aria-busy="true">
      {items.map((index) => (
        <Card key={index} withBorder>
          <Skeleton height={18} width="60%" mb="sm" />
          <Skeleton height={12} mb={6} />
          <Skeleton height={12} width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  ) : (
    <Stack gap="xs" data-testid="list-skeleton" aria-busy="true">
      {items.map((index) => (
        <Skeleton key={index} height={32} />
      ))}
    </Stack>
  );
}

/** Nothing to show: a first-use message, or a hint that the search or filter found nothing. */
export function ListEmpty({ filtered, children }: { filtered: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder p="xl" data-testid="list-empty">
      <Stack align="center" gap="xs">
        <Text fw={600}>{filtered ? t('listScreen.noMatches') : t('listScreen.empty')}</Text>
        {filtered && (
          <Text size="sm" c="dimmed">
            {t('listScreen.noMatchesHint')}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A failed read, in words by catalogue type. QueryCancelledError is left out: a newer query of the same
 * screen replaced it and its answer is on the way.
 */
export function RecordsError({ error, testId = 'list-error' }: { error: unknown; testId?: string }) {
  const errorText = useErrorText();
  const type = errorTypeOf(error);
  if (!error || type === 'QueryCancelledError') return null;
  const message = error instanceof Error ? error.message : undefined;
  return (
    <Alert color="red" role="alert" data-testid={testId} data-error-type={type}>
      {errorText(type ?? 'ApplicationError', message)}
    </Alert>
  );
}
