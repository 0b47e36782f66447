import { Anchor, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import { Link } from 'react-router';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import { ListActions } from './ListActions.tsx';
import { ListStateBadge } from './ListStateBadge.tsx';
import { listQueryFilter, subscriberListDefinition } from './list.ts';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

export const LISTS_PARTITION_ROUTE = 'subscribers-partition';

/** Subscriber lists (functional §2), also `subscribers/partition/{id}` for one partition's lists. */
export default function ListsPage() {
  const { t, i18n } = useTranslation();
  const { base, canManage, rules } = useListsContext();
  const overlayLink = useOverlayLink();
  const newListBlocked = rules.disallowNewLists;
  const date = (value: string) => formatDateTime(value, i18n.language);
  const nameLink = (list: SubscriberList, bold = false) => (
    <Anchor
      component={Link}
      to={`${base}/subscribers/view/${list.id}`}
      fw={bold ? 600 : undefined}
      data-testid="list-name"
    >
      {list.name}
    </Anchor>
  );

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
    <ResourceListPage
      type="list"
      definition={subscriberListDefinition}
      queryFilter={listQueryFilter}
      queryKey="subscriber-lists"
      labels="lists"
      partitionRoute={LISTS_PARTITION_ROUTE}
      item="list"
      testId="lists-page"
      actions={
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
      }
      notice={
        canManage &&
        newListBlocked && (
          <Text size="sm" c="dimmed" data-testid="new-list-blocked">
            {t('lists.newListBlocked')}
          </Text>
        )
      }
      firstUse={
        <>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('lists.emptyHint')}
          </Text>
          {canManage && !newListBlocked && (
            <Button component={Link} to={overlayLink(`${base}/subscribers/new`)} variant="light">
              {t('lists.createFirst')}
            </Button>
          )}
        </>
      }
      card={(list) => (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            {nameLink(list, true)}
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
        </>
      )}
      tableMinWidth={720}
      columns={[
        { header: t('lists.fields.name'), cell: (list) => nameLink(list) },
        { header: t('lists.fields.type'), cell: (list) => t(`lists.types.${list.listType}`) },
        { header: t('lists.fields.state'), cell: (list) => <ListStateBadge state={list.state} /> },
        {
          header: t('lists.stats.subscribers'),
          align: 'right',
          cell: (list) => formatNumber(list.stats.subscribers),
          cellProps: (list) => ({ 'data-testid': 'list-subscribers', title: String(list.stats.subscribers) }),
        },
        {
          header: t('lists.stats.contactable'),
          align: 'right',
          cell: (list) => formatNumber(list.stats.contactable),
          cellProps: (list) => ({ 'data-testid': 'list-contactable', title: String(list.stats.contactable) }),
        },
        { header: t('lists.fields.lastUpdated'), cell: (list) => date(list.lastUpdated) },
        {
          header: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
          cell: (list) => <ListActions list={list} />,
        },
      ]}
    />
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
