import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { SubscriberRecord } from '@herald/protocol';
import { useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useDebouncedValue } from '../../platform/list/useDebouncedValue.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import type { Tag } from './tag.ts';
import { useTagSubscribers } from './useTagSubscribers.ts';

type Subscriber = SubscriberRecord & { [field: string]: unknown };

/** Subscribers offered for a search: enough to pick from, few enough to read. */
const MATCHES = 5;
const BY_EMAIL = 'email';
/** Names the search's queries, so a newer one cancels an older still running. */
const MATCHES_QUERY = 'tag-add-search';
/** A shorter search would match most of the organization. */
const MIN_SEARCH = 2;

/** Finds subscribers by e-mail (or name) and adds them to the tag, one at a time. */
export function AddTagSubscribers({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const tagging = useTagSubscribers(tag.id);
  const matches = useRecords(
    'subscriber',
    search.length >= MIN_SEARCH
      ? { search, limit: MATCHES, offset: 0, sortKey: BY_EMAIL, sortOrder: 'asc', queryKey: MATCHES_QUERY }
      : null,
  );
  const records = search.length >= MIN_SEARCH ? (matches.data?.records ?? []) : [];
  const add = async (subscriber: Subscriber) => {
    const { changed } = await tagging.change([subscriber.id], false);
    const who = subscriber.email ?? subscriber.displayName;
    showToast(
      changed > 0
        ? t('tags.subscribers.addedToast', { subscriber: who, name: tag.name })
        : t('tags.subscribers.alreadyTagged', { subscriber: who, name: tag.name }),
    );
  };

  return (
    <Paper withBorder p="sm" data-testid="tag-add-subscribers">
      <Stack gap="xs">
        <TextInput
          type="search"
          label={t('tags.subscribers.add')}
          description={t('tags.subscribers.addHint')}
          placeholder={t('tags.subscribers.addPlaceholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="tag-add-search"
          maw={420}
        />
        <RecordsError error={matches.error ?? tagging.error} testId="tag-add-error" />
        {search.length >= MIN_SEARCH && matches.data && records.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="tag-add-none">
            {t('tags.subscribers.noMatches')}
          </Text>
        )}
        {records.map((subscriber) => (
          <Group key={subscriber.id} justify="space-between" maw={560} data-testid="tag-add-match">
            <Text size="sm">
              {subscriber.email ?? subscriber.displayName}
              {subscriber.firstname || subscriber.lastname ? (
                <Text span c="dimmed" size="sm">
                  {` · ${[subscriber.firstname, subscriber.lastname].filter(Boolean).join(' ')}`}
                </Text>
              ) : null}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={tagging.isPending && tagging.variables?.subscriberIds[0] === subscriber.id}
              // A refusal shows above (tagging.error).
              onClick={() => void add(subscriber).catch(() => undefined)}
              data-testid="tag-add-subscriber"
            >
              {t('tags.subscribers.addOne')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
