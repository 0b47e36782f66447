import { Anchor, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { formatDate } from '../../platform/i18n/formatDateTime.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { Subscriber } from './subscriberProfile.ts';
import { useSubscriberCommands } from './useSubscriberCommands.ts';

/** As many lists as one profile shows. */
const MEMBERSHIP_LIMIT = 200;

/** The lists the subscriber is on, with the list-level fields, and subscribe or unsubscribe per list. */
export function ListMembershipsCard({ subscriber, editable }: { subscriber: Subscriber; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const memberships = useRecords('listMembership', {
    filter: { subscriberId: subscriber.id },
    limit: MEMBERSHIP_LIMIT,
    offset: 0,
  });
  const { organizationId, status } = useSubscriberCommands({
    status: () => showToast(t('subscriber.listChanged')),
  });
  const records = memberships.data?.records ?? [];
  return (
    <Paper withBorder p="md" data-testid="subscriber-lists">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('subscriber.listsTitle')}
        </Title>
        <RecordsError error={memberships.error} testId="subscriber-lists-error" />
        <RecordsError error={status.error} testId="subscriber-list-status-error" />
        {memberships.data && records.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('subscriber.noLists')}
          </Text>
        )}
        {records.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscriber.list')}</Table.Th>
                  <Table.Th>{t('subscriber.listStatus')}</Table.Th>
                  <Table.Th>{t('subscriber.listOption')}</Table.Th>
                  <Table.Th>{t('subscriber.joined')}</Table.Th>
                  {editable && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((membership) => (
                  <Table.Tr
                    key={String(membership.id)}
                    data-testid="subscriber-list"
                    data-list-id={membership.listId}
                    data-unsubscribed={membership.is_list_unsubscribed}
                  >
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/${organization?.organizationId ?? ''}/subscribers/view/${membership.listId}`}
                        size="sm"
                      >
                        {membership.listName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        variant="light"
                        color={membership.is_list_unsubscribed ? 'red' : 'teal'}
                        style={{ minWidth: 'max-content' }}
                        data-testid="subscriber-list-status"
                      >
                        {membership.is_list_unsubscribed
                          ? t('subscriber.listUnsubscribed')
                          : t('subscriber.listSubscribed')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{membership.list_option ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(membership.createdAt, i18n.language)}
                    </Table.Td>
                    {editable && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          loading={status.isPending && status.variables?.list?.listId === membership.listId}
                          onClick={() =>
                            status.mutate({
                              organizationId,
                              subscriberId: subscriber.id,
                              list: {
                                listId: membership.listId,
                                unsubscribed: !membership.is_list_unsubscribed,
                              },
                            })
                          }
                          data-testid="subscriber-list-toggle"
                        >
                          {membership.is_list_unsubscribed
                            ? t('subscriber.resubscribeList')
                            : t('subscriber.unsubscribeList')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
