import { Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { EXPORT_TYPES } from '@herald/protocol';
import type { ExportFormat, ExportType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { exportRequestParams, listRequirement } from './exportRequest.ts';

/** Lists are offered in name order. */
const LIST_ORDER = 'name';

/** As many lists as the picker offers at once; more are found by typing. */
const LIST_PICKER_LIMIT = 200;

/** Asks for an export (requestExport): what to export, for list members which list, and CSV or XLSX. */
export function ExportRequestForm({ onRequested }: { onRequested: (jobId: number) => void }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization();
  const [type, setType] = useState<ExportType>('subscribers');
  const [listId, setListId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const lists = useRecords('list', {
    filter: { isArchived: false },
    search: search || undefined,
    limit: LIST_PICKER_LIMIT,
    offset: 0,
    sortKey: LIST_ORDER,
    sortOrder: 'asc',
  });
  const requesting = useCommandMutation(organization!.channel, 'requestExport', {
    onSuccess: (result) => {
      showToast(t('export.requested'));
      onRequested(result.jobId);
    },
  });
  const requirement = listRequirement(type);
  const missingList = requirement === 'required' && listId === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!organization || missingList) return;
    requesting.mutate(exportRequestParams(organization.organizationId, type, listId, format));
  };

  const options = (lists.data?.records ?? []).map((list) => ({
    value: String(list.id),
    label: list.name,
  }));
  if (listId !== null && !options.some((option) => option.value === listId)) {
    options.push({ value: listId, label: t('export.listNumber', { id: listId }) });
  }

  return (
    <Paper
      component="form"
      withBorder
      p="md"
      onSubmit={onSubmit}
      aria-labelledby="export-request-title"
      data-testid="export-request-form"
    >
      <Stack>
        <Title order={2} size="h3" id="export-request-title">
          {t('export.requestTitle')}
        </Title>
        <RecordsError error={requesting.error} testId="export-request-error" />
        <Group grow align="flex-start">
          <Select
            label={t('export.type')}
            data={EXPORT_TYPES.map((value) => ({ value, label: exportTypeLabel(t, value) }))}
            value={type}
            onChange={(value) => {
              if (!value) return;
              setType(value as ExportType);
              if (listRequirement(value as ExportType) === 'none') setListId(null);
            }}
            allowDeselect={false}
            data-testid="export-type"
          />
          {requirement !== 'none' && (
            <Select
              label={t('export.list')}
              description={requirement === 'optional' ? t('export.listOptional') : undefined}
              placeholder={requirement === 'optional' ? t('export.allSubscribers') : t('export.chooseList')}
              data={options}
              value={listId}
              onChange={setListId}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              clearable
              nothingFoundMessage={t('export.noLists')}
              data-testid="export-list"
            />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {exportTypeHint(t, type)}
        </Text>
        <Radio.Group
          label={t('export.dialog.format')}
          value={format}
          onChange={(value) => setFormat(value === 'xlsx' ? 'xlsx' : 'csv')}
        >
          <Group mt="xs">
            <Radio value="csv" label={t('export.dialog.csv')} />
            <Radio value="xlsx" label={t('export.dialog.xlsx')} />
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={requesting.isPending} disabled={missingList}>
            {t('export.request')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function exportTypeLabel(t: (key: string) => string, type: ExportType): string {
  switch (type) {
    case 'subscribers':
      return t('export.types.subscribers');
    case 'listMembers':
      return t('export.types.listMembers');
    case 'customFields':
      return t('export.types.customFields');
  }
}

function exportTypeHint(t: (key: string) => string, type: ExportType): string {
  switch (type) {
    case 'subscribers':
      return t('export.hints.subscribers');
    case 'listMembers':
      return t('export.hints.listMembers');
    case 'customFields':
      return t('export.hints.customFields');
  }
}
