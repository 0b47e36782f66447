import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { checkAccess } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { Figure } from '../../platform/numbers/Figure.tsx';
import type { ListStats } from '@herald/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { recordsKey, useRecord } from '../../platform/list/useRecords.ts';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import { ExportListDialog } from '../export/ExportListDialog.tsx';
import { ListStateBadge } from './ListStateBadge.tsx';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

/** One list by id, kept live; `missing` once the read answered without it. */
export function useSubscriberList(id: number | null) {
  const loaded = useRecord('list', id);
  return {
    ...loaded,
    list: loaded.record,
    missing: id === null || (!loaded.record && !loaded.isPending && !loaded.isFetching && !loaded.error),
  };
}

export function ListNotFound() {
  const { t } = useTranslation();
  const { base } = useListsContext();
  return (
    <Alert color="yellow" data-testid="list-not-found">
      <Stack gap="xs">
        <Text size="sm">{t('lists.notFound')}</Text>
        <Anchor component={Link} to={`${base}/subscribers`} size="sm">
          {t('lists.backToLists')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The four counts of a list (updateListStats' statistics), as stat cards. */
export function ListStatCards({ stats }: { stats: ListStats }) {
  const { t } = useTranslation();
  const cards: Array<{ key: keyof ListStats; label: string }> = [
    { key: 'subscribers', label: t('lists.stats.subscribers') },
    { key: 'contactable', label: t('lists.stats.contactable') },
    { key: 'unsubscribed', label: t('lists.stats.unsubscribed') },
    { key: 'invalid', label: t('lists.stats.invalid') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="list-stats">
      {cards.map(({ key, label }) => {
        const value = Number(stats[key] ?? 0);
        return (
          <Paper key={key} withBorder p="sm" data-testid="list-stat" data-stat={key}>
            <Text size="xs" c="dimmed" tt="uppercase">
              {label}
            </Text>
            <Figure value={value} display="exact" fw={700} size="xl" data-testid="list-stat-value" />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * A list's header on its own pages: name, state, type and description, its statistics and the actions that
 * apply (import and add subscriber only where the import rules allow upload to it; export for those who may
 * extract), `extra` beside them.
 */
export function ListHeader({
  list,
  title,
  extra,
}: {
  list: SubscriberList;
  title?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { base, canManage, uploadAllowed, organization } = useListsContext();
  const overlayLink = useOverlayLink();
  const [exporting, setExporting] = useState(false);
  const canExport = checkAccess({ capabilities: ['database-extract'] }, organization.access);
  const queryClient = useQueryClient();
  const refreshing = useCommandMutation(organization.channel, 'updateListStats', {
    onSuccess: () => {
      showToast(t('lists.statsRefreshed'));
      void queryClient.invalidateQueries({
        queryKey: recordsKey(organization.channel, 'list'),
      });
      // Today's counts are now in the list's history: the report's chart reads it again.
      void queryClient.invalidateQueries({ queryKey: [organization.channel.key, 'getListStatsHistory'] });
    },
  });
  const upload = canManage && !list.isArchived && uploadAllowed(list.id);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to={`${base}/subscribers`} size="sm">
            {t('lists.backToLists')}
          </Anchor>
          <Group gap="sm">
            <Title order={1} data-testid="list-title">
              {title ?? list.name}
            </Title>
            <ListStateBadge state={list.state} />
          </Group>
          <Text size="sm" c="dimmed">
            {t(`lists.types.${list.listType}`)}
            {list.description ? ` · ${list.description}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {extra}
          {upload && (
            <>
              <Button component={Link} to={`${base}/subscribers/import/${list.id}`} data-testid="list-import">
                {t('lists.actions.import')}
              </Button>
              <Button
                variant="default"
                component={Link}
                to={overlayLink(`${base}/subscribers/add/${list.id}`)}
                data-testid="list-add-subscriber"
              >
                {t('lists.actions.add')}
              </Button>
            </>
          )}
          {canExport && (
            <Button variant="default" onClick={() => setExporting(true)} data-testid="list-export">
              {t('lists.actions.export')}
            </Button>
          )}
          <Button
            variant="default"
            loading={refreshing.isPending}
            onClick={() =>
              refreshing.mutate({ organizationId: organization.organizationId, listId: list.id })
            }
            data-testid="list-refresh-stats"
          >
            {t('lists.refreshStats')}
          </Button>
        </Group>
      </Group>
      <RecordsError error={refreshing.error} testId="list-stats-error" />
      <ListStatCards stats={list.stats} />
      {canExport && <ExportListDialog list={list} opened={exporting} onClose={() => setExporting(false)} />}
    </Stack>
  );
}
