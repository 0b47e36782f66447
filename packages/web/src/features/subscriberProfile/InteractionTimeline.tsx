import { Badge, Button, Group, Paper, Select, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { SUBSCRIBER_EVENT_KINDS } from '@herald/protocol';
import type { SubscriberEventKind } from '@herald/protocol';
import { useState } from 'react';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { EVENT_COLORS, EventIcon } from './icons.tsx';
import { eventDetailEntries } from './subscriberProfile.ts';

/** Events read at a time; "Load more" reads this many more. */
export const EVENTS_PAGE = 20;

/** The history is read by time of the interaction, newest first. */
const NEWEST_FIRST = 'occurredAt';

/** The interaction history, newest first, as a timeline with an icon per kind, a kind filter and "load more". */
export function InteractionTimeline({ subscriberId }: { subscriberId: number }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<SubscriberEventKind | null>(null);
  const [limit, setLimit] = useState(EVENTS_PAGE);
  const events = useRecords('subscriberEvent', {
    filter: { subscriberId, ...(kind ? { kind } : {}) },
    limit,
    offset: 0,
    sortKey: NEWEST_FIRST,
    sortOrder: 'desc',
  });
  const records = events.data?.records ?? [];
  const total = events.data?.total ?? 0;

  return (
    <Paper withBorder p="md" data-testid="subscriber-history" aria-busy={events.isFetching}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            {t('subscriber.historyTitle')}
          </Title>
          <Select
            aria-label={t('subscriber.historyFilter')}
            placeholder={t('subscriber.allEvents')}
            data={SUBSCRIBER_EVENT_KINDS.map((value) => ({ value, label: t(`subscriber.events.${value}`) }))}
            value={kind}
            onChange={(value) => {
              setKind(value as SubscriberEventKind | null);
              setLimit(EVENTS_PAGE);
            }}
            clearable
            w={220}
            data-testid="history-filter"
          />
        </Group>
        <RecordsError error={events.error} testId="subscriber-history-error" />
        {events.data && records.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="history-empty">
            {t('subscriber.noHistory')}
          </Text>
        )}
        {records.length > 0 && (
          <Timeline bulletSize={24} lineWidth={2} data-testid="history-timeline">
            {records.map((event) => (
              <Timeline.Item
                key={event.id}
                data-testid="history-event"
                data-kind={event.kind}
                bullet={
                  <ThemeIcon size={22} radius="xl" color={EVENT_COLORS[event.kind]} variant="light">
                    <EventIcon kind={event.kind} />
                  </ThemeIcon>
                }
                title={
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {t(`subscriber.events.${event.kind}`)}
                    </Text>
                    {event.activityId !== null && (
                      <Badge size="xs" variant="outline">
                        {t('subscriber.activity', { id: event.activityId })}
                      </Badge>
                    )}
                    {event.listId !== null && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('subscriber.listNumber', { id: event.listId })}
                      </Badge>
                    )}
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.occurredAt, i18n.language)}
                </Text>
                {eventDetailEntries(event.details).map(([name, value]) => (
                  <Text key={name} size="xs" style={{ wordBreak: 'break-word' }}>
                    <Text span c="dimmed" size="xs">
                      {name}:
                    </Text>{' '}
                    {value}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {records.length < total && (
          <Group justify="center">
            <Button
              variant="light"
              size="xs"
              loading={events.isFetching}
              onClick={() => setLimit((current) => current + EVENTS_PAGE)}
              data-testid="history-load-more"
            >
              {t('subscriber.loadMore', { shown: records.length, total })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
