import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { formatDate } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
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
        {/*
          One row per list that wraps rather than a wide table: the card shares the page with another column,
          and a table wider than it scrolled the Unsubscribe button out of sight.
        */}
        {records.map((membership) => (
          <Group
            key={String(membership.id)}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={4}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="subscriber-list"
            data-list-id={membership.listId}
            data-unsubscribed={membership.is_list_unsubscribed}
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`/${organization?.organizationId ?? ''}/subscribers/view/${membership.listId}`}
                  size="sm"
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {membership.listName}
                </Anchor>
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
              </Group>
              <Text size="xs" c="dimmed">
                {[
                  `${t('subscriber.joined')} ${formatDate(membership.createdAt, i18n.language)}`,
                  membership.list_option ? `${t('subscriber.listOption')}: ${membership.list_option}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            {editable && (
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
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
