import { importRulesOf } from '@herald/protocol';
import type { ImportRules } from '@herald/protocol';
import { Button, Group, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { isChannelError } from '../../../platform/channel/channelError.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useRecordChannel } from '../../../platform/list/useRecords.ts';
import { AdminError } from '../AdminError.tsx';
import { fieldError, useOrganizationSettingsSave } from '../useOrganizationSettingsSave.ts';
import { settingsWithImportRules } from './rulesForms.ts';

/** As many lists as one page of the rules table reads; a larger organization narrows them with the search. */
const LIST_LIMIT = 1000;
/** Lists are shown in name order. */
const LIST_ORDER = { field: 'name', order: 'asc' } as const;

/**
 * Import rules (platform §3 `import.rules`) as a form: the two global switches and, per list, whether
 * subscribers may be uploaded to it. Guard 10 and the server enforce them.
 */
export function ImportRulesForm({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const saved = useMemo(() => importRulesOf(settings), [settings]);
  const [form, setForm] = useState<ImportRules | null>(null);
  const rules = form ?? saved;
  const [search, setSearch] = useState('');
  const lists = useOrganizationLists();
  const save = useOrganizationSettingsSave({
    onSuccess: () => {
      setForm(null);
      showToast(t('settings.rules.importSaved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate((current) => settingsWithImportRules(current, rules));
  };
  const shown = (lists.data ?? []).filter((list) =>
    list.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const listBlocked = (id: number) => rules.lists[String(id)]?.disallowSubscriberUpload === true;
  const setListBlocked = (id: number, blocked: boolean) =>
    setForm({ ...rules, lists: { ...rules.lists, [String(id)]: { disallowSubscriberUpload: blocked } } });

  return (
    <Paper
      component="form"
      onSubmit={onSave}
      withBorder
      p="md"
      aria-labelledby="import-rules-title"
      data-testid="import-rules-form"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="import-rules-title">
          {t('settings.rules.importTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.rules.importHint')}
        </Text>
        <AdminError error={save.error} testId="import-rules-error" />
        <Switch
          label={t('settings.rules.disallowSubscriberUpload')}
          description={t('settings.rules.disallowSubscriberUploadHint')}
          checked={rules.disallowSubscriberUpload}
          onChange={(event) => setForm({ ...rules, disallowSubscriberUpload: event.currentTarget.checked })}
          error={fieldError(save.error, 'settings.import.rules.disallowSubscriberUpload')}
          data-testid="rule-disallow-upload"
        />
        <Switch
          label={t('settings.rules.disallowNewLists')}
          description={t('settings.rules.disallowNewListsHint')}
          checked={rules.disallowNewLists}
          onChange={(event) => setForm({ ...rules, disallowNewLists: event.currentTarget.checked })}
          data-testid="rule-disallow-new-lists"
        />
        <Title order={3} size="h5" id="import-rules-lists">
          {t('settings.rules.perList')}
        </Title>
        <TextInput
          label={t('settings.rules.searchLists')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={320}
          data-testid="rule-list-search"
        />
        <AdminError error={channelErrorOf(lists.error)} testId="rule-lists-error" />
        {lists.data && shown.length === 0 && <Text size="sm">{t('settings.rules.noLists')}</Text>}
        {shown.length > 0 && (
          <Table.ScrollContainer minWidth={420} mah={360}>
            <Table striped aria-labelledby="import-rules-lists">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.rules.listName')}</Table.Th>
                  <Table.Th>{t('settings.rules.listUploadBlocked')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((list) => (
                  <Table.Tr key={list.id} data-testid="rule-list-row">
                    <Table.Td>{list.name}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('settings.rules.listUploadBlockedFor', { name: list.name })}
                        checked={listBlocked(list.id) || rules.disallowSubscriberUpload}
                        disabled={rules.disallowSubscriberUpload}
                        onChange={(event) => setListBlocked(list.id, event.currentTarget.checked)}
                        data-testid={`rule-list-${list.id}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={form === null}
            data-testid="save-import-rules"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The organization's lists by name, for the per-list rules. */
function useOrganizationLists() {
  const { channel, organizationId } = useRecordChannel();
  const params = {
    organizationId,
    query: { type: 'list' },
    limit: LIST_LIMIT,
    offset: 0,
    sortKey: LIST_ORDER.field,
    sortOrder: LIST_ORDER.order,
  };
  return useQuery({
    // Not the list screens' key: theirs hold whole pages, which record pushes update in place.
    queryKey: [channel.key, 'importRuleLists', params],
    queryFn: async () => {
      const answer = await channel.request('query', params);
      return answer.records.map((record) => ({
        id: Number(record.id),
        name: typeof record.name === 'string' ? record.name : String(record.id),
      }));
    },
    retry: false,
  });
}

/** A failed read as the alert shows it: the command's error, or the catalogue's general one. */
function channelErrorOf(error: Error | null): { type: string; message: string } | null {
  if (!error) return null;
  return isChannelError(error) ? error : { type: 'ApplicationError', message: error.message };
}
