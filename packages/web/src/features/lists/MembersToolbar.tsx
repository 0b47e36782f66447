import { ActionIcon, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListSearch } from '../../platform/list/ListControls.tsx';
import type { ListParams } from '../../platform/list/listParams.ts';
import { MEMBER_FILTERS, MEMBER_SORT_KEYS } from './list.ts';

/**
 * The toolbar over a set of subscribers, a list's members or the whole organization's: status filter,
 * search, sort key and order, each written to the URL through `change`. `children` adds the screen's own
 * controls at its end.
 */
export function MembersToolbar({
  params,
  change,
  children,
}: {
  params: ListParams;
  change: (change: Partial<ListParams>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const orderLabel = params.order === 'asc' ? t('listScreen.ascending') : t('listScreen.descending');
  return (
    <Group gap="sm" align="flex-end" data-testid="list-toolbar">
      <SegmentedControl
        data={MEMBER_FILTERS.map((value) => ({ value, label: t(`lists.members.filters.${value}`) }))}
        value={params.filter}
        onChange={(filter) => change({ filter })}
        aria-label={t('listScreen.filter')}
        data-testid="list-filter"
      />
      <ListSearch value={params.search} onChange={(search) => change({ search })} />
      <Select
        label={t('listScreen.sortBy')}
        data={MEMBER_SORT_KEYS.map((value) => ({ value, label: t(`lists.members.fields.${value}`) }))}
        value={params.sort}
        onChange={(sort) => sort && change({ sort })}
        allowDeselect={false}
        w={160}
        data-testid="list-sort"
      />
      <Tooltip label={orderLabel}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={orderLabel}
          onClick={() => change({ order: params.order === 'asc' ? 'desc' : 'asc' })}
          data-testid="list-order"
        >
          {params.order === 'asc' ? '↑' : '↓'}
        </ActionIcon>
      </Tooltip>
      {children}
    </Group>
  );
}
