import { Checkbox, MultiSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { ImportListOption } from './importMapping.ts';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';

/** The import's options as the form holds them (bulkWriteSubscribers `sourceName` and `options`). */
export interface ImportOptionsForm {
  updateExisting: boolean;
  markUnsubscribed: boolean;
  sourceName: string;
  listOption: ImportListOption;
  partitionIds: number[];
}

export function defaultImportOptions(fileName: string): ImportOptionsForm {
  return {
    updateExisting: true,
    markUnsubscribed: false,
    sourceName: fileName.slice(0, 200),
    listOption: 'optin',
    partitionIds: [],
  };
}

/** Step 3 of the import: existing subscribers, unsubscribed, the source's name, list option, partitions. */
export function ImportOptionsStep({
  options,
  onChange,
  showErrors,
}: {
  options: ImportOptionsForm;
  onChange: (change: Partial<ImportOptionsForm>) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const partitions = usePartitionOptions();
  return (
    <Stack data-testid="import-options-step">
      <Radio.Group
        label={t('lists.import.existing')}
        value={options.updateExisting ? 'update' : 'skip'}
        onChange={(value) => onChange({ updateExisting: value === 'update' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="update" label={t('lists.import.updateExisting')} />
          <Radio value="skip" label={t('lists.import.skipExisting')} />
        </Stack>
      </Radio.Group>
      <Checkbox
        label={t('lists.import.markUnsubscribed')}
        description={t('lists.import.markUnsubscribedHint')}
        checked={options.markUnsubscribed}
        onChange={(event) => onChange({ markUnsubscribed: event.currentTarget.checked })}
      />
      <TextInput
        label={t('lists.import.sourceName')}
        description={t('lists.import.sourceNameHint')}
        value={options.sourceName}
        onChange={(event) => onChange({ sourceName: event.currentTarget.value })}
        error={
          showErrors && options.sourceName.trim() === '' ? t('lists.import.sourceNameRequired') : undefined
        }
        maxLength={200}
        required
      />
      {/*
       * The list option is the membership's communication preference (functional §3 list-level field, with
       * the spec's values optin and optout; optin by default). Said as what it means for the people imported.
       */}
      <Radio.Group
        label={t('lists.import.listOption')}
        description={t('lists.import.listOptionHint')}
        value={options.listOption}
        onChange={(value) => onChange({ listOption: value === 'optout' ? 'optout' : 'optin' })}
        data-testid="import-list-option"
      >
        <Stack gap="xs" mt="xs">
          <Radio value="optin" label={t('lists.import.listOptions.optin')} />
          <Radio value="optout" label={t('lists.import.listOptions.optout')} />
        </Stack>
      </Radio.Group>
      {partitions.length > 0 && (
        <MultiSelect
          label={t('lists.import.partitions')}
          data={partitions}
          value={options.partitionIds.map(String)}
          onChange={(values) => onChange({ partitionIds: values.map(Number) })}
          searchable
        />
      )}
    </Stack>
  );
}

/** bulkWriteSubscribers' `options` for the form. */
export function importOptionsOf(options: ImportOptionsForm) {
  return {
    updateExisting: options.updateExisting,
    markUnsubscribed: options.markUnsubscribed,
    listOption: options.listOption,
    ...(options.partitionIds.length > 0 ? { partitionIds: options.partitionIds } : {}),
  };
}
