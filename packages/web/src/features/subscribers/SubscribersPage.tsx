import { Anchor, Badge, Button, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListEmpty, ListPagination, ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { defaultListParams, queryWindow } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { MembersToolbar } from '../lists/MembersToolbar.tsx';
import { TargetExpressionInput } from '../targets/TargetExpressionInput.tsx';
import {
  TARGET_PARAM,
  subscriberListDefinition,
  subscriberProfilePath,
  subscriberQueryFilter,
  targetFromParam,
  targetParam,
} from './subscribers.ts';

/** The screen's queries replace one another as the user types (the server cancels the older). */
const SUBSCRIBERS_QUERY = 'subscribers-all';

/**
 * Every subscriber of the organization (`subscribers/all`), as a list's members screen shows a list's:
 * searched by an exact e-mail or phone or the start of a name or ref, filtered by status and by a target
 * expression, sorted and paged, with the estimated total over very large sets. The state is in the URL, the
 * target as its text. Partition-restricted users see their partitions' subscribers (the server's rule).
 */
export default function SubscribersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  const [params, change] = useListParams(subscriberListDefinition);
  const target = targetFromParam(searchParams.get(TARGET_PARAM));
  const [targetOpen, setTargetOpen] = useState(target !== null);
  const subscribers = useRecords('subscriber', {
    filter: subscriberQueryFilter(params, target),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: SUBSCRIBERS_QUERY,
  });
  if (!organization) return null;
  const organizationId = organization.organizationId;

  const changeTarget = (tree: TargetNode | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      const text = targetParam(tree);
      if (text === null) next.delete(TARGET_PARAM);
      else next.set(TARGET_PARAM, text);
      // Another target is another set of subscribers: back to its first page.
      next.delete('page');
      return next;
    });
  const defaults = defaultListParams(subscriberListDefinition);
  const filtered = params.search !== '' || params.filter !== defaults.filter || target !== null;
  const records = subscribers.data?.records ?? [];

  return (
    <Stack data-testid="subscribers-page">
      <Title order={1}>{t('subscribers.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('subscribers.intro')}
      </Text>
      <MembersToolbar params={params} change={change}>
        <Button
          variant={target !== null ? 'light' : 'default'}
          onClick={() => setTargetOpen((open) => !open)}
          aria-expanded={targetOpen}
          aria-controls="subscribers-target"
          data-testid="subscribers-target-toggle"
        >
          {target !== null ? t('subscribers.targetActive') : t('subscribers.filterByTarget')}
        </Button>
      </MembersToolbar>
      <Text size="xs" c="dimmed">
        {t('subscribers.searchHint')}
      </Text>
      <Collapse expanded={targetOpen} id="subscribers-target">
        <Stack gap="xs" data-testid="subscribers-target">
          <TargetExpressionInput
            label={t('subscribers.target')}
            value={target}
            onChange={changeTarget}
            showCount={false}
            warnWithoutList={false}
          />
          {target !== null && (
            <Group>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => changeTarget(null)}
                data-testid="subscribers-target-clear"
              >
                {t('subscribers.clearTarget')}
              </Button>
            </Group>
          )}
        </Stack>
      </Collapse>
      <Stack gap="sm" aria-busy={subscribers.isFetching} data-testid="subscribers-list">
        <RecordsError error={subscribers.error} testId="subscribers-error" />
        {subscribers.isPending ? (
          <ListSkeleton view="list" />
        ) : records.length === 0 ? (
          <ListEmpty filtered={filtered}>
            {!filtered && (
              <Stack align="center" gap={4} data-testid="subscribers-empty">
                <Text size="sm" c="dimmed">
                  {t('subscribers.emptyHint')}
                </Text>
                <Anchor component={Link} to={`/${organizationId}/subscribers`} size="sm">
                  {t('subscribers.toLists')}
                </Anchor>
              </Stack>
            )}
          </ListEmpty>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover data-testid="subscriber-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lists.members.fields.email')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.name')}</Table.Th>
                  <Table.Th>{t('subscribers.fields.phone')}</Table.Th>
                  <Table.Th>{t('subscribers.fields.ref')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.country')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.status')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((subscriber) => {
                  const profile = subscriberProfilePath(organizationId, subscriber.id);
                  return (
                    <Table.Tr
                      key={subscriber.id}
                      data-testid="subscriber-row"
                      data-subscriber-id={subscriber.id}
                      style={{ cursor: 'pointer' }}
                      // The whole row opens the profile; the link in it is the way for keyboards and readers.
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('a')) return;
                        void navigate(profile);
                      }}
                    >
                      <Table.Td>
                        <Anchor component={Link} to={profile} data-testid="subscriber-link">
                          {subscriber.email ?? subscriber.displayName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td data-testid="subscriber-name">
                        {[subscriber.firstname, subscriber.lastname].filter(Boolean).join(' ')}
                      </Table.Td>
                      <Table.Td>{subscriber.phone ?? ''}</Table.Td>
                      <Table.Td>{subscriber.ref ?? ''}</Table.Td>
                      <Table.Td>{subscriber.country ?? ''}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {subscriber.is_unsubscribed && (
                            <Badge color="orange" variant="light">
                              {t('lists.members.unsubscribed')}
                            </Badge>
                          )}
                          {subscriber.is_invalid && (
                            <Badge color="red" variant="light">
                              {t('lists.members.invalid')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatDateTime(subscriber.createdAt, i18n.language)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {subscribers.data && (
          <ListPagination
            total={subscribers.data.total}
            totalIsEstimate={subscribers.data.totalIsEstimate === true}
            page={params.page}
            onChange={(page) => change({ page })}
          />
        )}
      </Stack>
    </Stack>
  );
}
