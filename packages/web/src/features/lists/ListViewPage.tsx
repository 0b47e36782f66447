import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PAGE_LIMIT } from '@herald/protocol';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListEmpty, ListPagination, ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { defaultListParams, queryWindow } from '../../platform/list/listParams.ts';
import { useListParams } from '../../platform/list/useListParams.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { ListHeader, ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { MembersToolbar } from './MembersToolbar.tsx';
import { memberListDefinition, memberQueryFilter, pathId } from './list.ts';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

const MEMBERS_QUERY = 'list-members';

/** A list (`subscribers/view/{id}`): its header, statistics and actions, and its members. */
export default function ListViewPage() {
  const { t } = useTranslation();
  const listId = pathId(useParams().id);
  const loaded = useSubscriberList(listId);
  if (listId === null || loaded.missing) return <ListNotFound />;
  if (!loaded.list) {
    return loaded.error ? (
      <RecordsError error={loaded.error} testId="list-error" />
    ) : (
      <Text c="dimmed">{t('app.loading')}</Text>
    );
  }
  return <ListView list={loaded.list} />;
}

function ListView({ list }: { list: SubscriberList }) {
  const { t, i18n } = useTranslation();
  const { base } = useListsContext();
  const [params, change] = useListParams(memberListDefinition);
  const members = useRecords('subscriber', {
    filter: memberQueryFilter(list.id, params),
    search: params.search || undefined,
    ...queryWindow(params, PAGE_LIMIT),
    queryKey: MEMBERS_QUERY,
  });
  const defaults = defaultListParams(memberListDefinition);
  const filtered = params.search !== '' || params.filter !== defaults.filter;
  const records = members.data?.records ?? [];

  return (
    <Stack data-testid="list-view-page">
      <ListHeader
        list={list}
        extra={
          <Button variant="subtle" component={Link} to={`${base}/subscribers/report/${list.id}`}>
            {t('lists.actions.report')}
          </Button>
        }
      />
      <Stack gap="sm" data-testid="list-members" aria-busy={members.isFetching}>
        <Title order={2} size="h3">
          {t('lists.members.title')}
        </Title>
        <MembersToolbar params={params} change={change} />
        <RecordsError error={members.error} testId="members-error" />
        {members.isPending ? (
          <ListSkeleton view="list" />
        ) : records.length === 0 ? (
          <ListEmpty filtered={filtered}>
            {!filtered && (
              <Text size="sm" c="dimmed">
                {t('lists.members.emptyHint')}
              </Text>
            )}
          </ListEmpty>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="member-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lists.members.fields.email')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.name')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.country')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.status')}</Table.Th>
                  <Table.Th>{t('lists.members.fields.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((member) => (
                  <Table.Tr key={member.id} data-testid="member-row" data-subscriber-id={member.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${base}/subscribers/${member.id}`}
                        data-testid="member-email"
                      >
                        {member.email ?? member.displayName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-testid="member-name">
                      {[member.firstname, member.lastname].filter(Boolean).join(' ')}
                    </Table.Td>
                    <Table.Td>{member.country ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {member.is_unsubscribed && (
                          <Badge color="orange" variant="light">
                            {t('lists.members.unsubscribed')}
                          </Badge>
                        )}
                        {member.is_invalid && (
                          <Badge color="red" variant="light">
                            {t('lists.members.invalid')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(member.createdAt, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {members.data && (
          <ListPagination
            total={members.data.total}
            page={params.page}
            onChange={(page) => change({ page })}
          />
        )}
      </Stack>
    </Stack>
  );
}
