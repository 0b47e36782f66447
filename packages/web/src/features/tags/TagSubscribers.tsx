import { Anchor, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import type { SubscriberRecord } from '@herald/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import {
  ListEmpty,
  ListPagination,
  ListSearch,
  ListSkeleton,
  RecordsError,
} from '../../platform/list/ListControls.tsx';
import { queryWindow } from '../../platform/list/listParams.ts';
import type { ListDefinition } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { tagTarget } from './tag.ts';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';
import { useTagSubscribers } from './useTagSubscribers.ts';

type Subscriber = SubscriberRecord & { [field: string]: unknown };

/** Names the screen's queries, so a newer one cancels an older still running. */
const TAGGED_QUERY = 'tag-subscribers';
const taggedDefinition: ListDefinition = {
  filters: ['all'],
  sortKeys: ['email', 'createdAt'],
  defaultSort: 'email',
  defaultOrder: 'asc',
};

/**
 * The tag's subscribers, a page at a time (a subscriber query whose target is `tag N`), searched by e-mail
 * or name; a manager removes one from the tag after confirming.
 */
export function TagSubscribers({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const { base, canManage } = useTagsAccess();
  const [params, change] = useListParams(taggedDefinition);
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const tagging = useTagSubscribers(tag.id);
  const tagged = useRecords('subscriber', {
    filter: { target: tagTarget(tag.id) },
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: TAGGED_QUERY,
  });
  const records = tagged.data?.records ?? [];
  const label = (subscriber: Subscriber) => subscriber.email ?? subscriber.displayName;
  const remove = async (subscriber: Subscriber) => {
    await tagging.change([subscriber.id], true);
    setRemoving(null);
    showToast(t('tags.subscribers.removedToast', { subscriber: label(subscriber), name: tag.name }));
  };

  return (
    <Stack gap="sm" data-testid="tag-subscribers" aria-busy={tagged.isFetching}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {t('tags.subscribers.title')}
        </Title>
        <ListSearch value={params.search} onChange={(search) => change({ search })} />
      </Group>
      <RecordsError error={tagged.error} testId="tag-subscribers-error" />
      {tagged.isPending && !tagged.isError ? (
        <ListSkeleton view="list" />
      ) : records.length === 0 ? (
        <ListEmpty filtered={params.search !== ''}>
          {params.search === '' && (
            <Text size="sm" c="dimmed">
              {t('tags.subscribers.emptyHint')}
            </Text>
          )}
        </ListEmpty>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover data-testid="tag-subscriber-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tags.subscribers.email')}</Table.Th>
                <Table.Th>{t('tags.subscribers.name')}</Table.Th>
                <Table.Th>{t('tags.subscribers.country')}</Table.Th>
                {canManage && (
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((subscriber) => (
                <Table.Tr
                  key={subscriber.id}
                  data-testid="tag-subscriber-row"
                  data-subscriber-id={subscriber.id}
                >
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/subscribers/${subscriber.id}`}
                      data-testid="tag-subscriber-email"
                    >
                      {label(subscriber)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{[subscriber.firstname, subscriber.lastname].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{subscriber.country ?? ''}</Table.Td>
                  {canManage && (
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(subscriber)}
                        aria-label={t('tags.subscribers.removeFrom', { subscriber: label(subscriber) })}
                        data-testid="tag-subscriber-remove"
                      >
                        {t('tags.subscribers.remove')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {tagged.data && tagged.data.total > 0 && (
        <ListPagination
          total={tagged.data.total}
          totalIsEstimate={tagged.data.totalIsEstimate}
          page={params.page}
          onChange={(page) => change({ page })}
        />
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('tags.subscribers.confirmRemoveTitle')}
        data-testid="tag-subscriber-remove-confirm"
      >
        <Stack>
          <Text size="sm">
            {t('tags.subscribers.confirmRemove', {
              subscriber: removing ? label(removing) : '',
              name: tag.name,
            })}
          </Text>
          <RecordsError error={tagging.error} testId="tag-subscriber-remove-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={tagging.isPending}
              // A refusal shows in the dialog (tagging.error), which stays open for another try.
              onClick={() => removing && void remove(removing).catch(() => undefined)}
              data-testid="tag-subscriber-remove-confirmed"
            >
              {t('tags.subscribers.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
