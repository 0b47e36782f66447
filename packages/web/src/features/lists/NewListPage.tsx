import { Button, Group, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { LIST_TYPES } from '@herald/protocol';
import type { ListType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { useOverlay } from '../../platform/overlay/overlay.ts';
import { emptyNewListForm, newListWrite, validateNewListForm } from './list.ts';
import type { NewListForm } from './list.ts';
import { useListsContext } from './useListsContext.ts';

/**
 * A new subscriber list (`subscribers/new`, a modal over the lists): name, description, type and partitions.
 * Saved, it opens the new list. Guard 10 keeps this page away when the import rules disallow new lists.
 */
export default function NewListPage() {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const { base, organization } = useListsContext();
  const partitionOptions = usePartitionOptions();
  const partitioned = organization.organization.partitionsets.length > 0 || partitionOptions.length > 0;
  const [form, setForm] = useState<NewListForm>(emptyNewListForm);
  const [submitted, setSubmitted] = useState(false);
  const errors = validateNewListForm(form);
  const close = () => (overlay ? overlay.close() : void navigate(`${base}/subscribers`));
  const saving = useWriteRecords('list', {
    onSuccess: ({ records }) => {
      showToast(t('lists.created', { name: form.name.trim() }));
      const created = records[0];
      void navigate(created ? `${base}/subscribers/view/${created.id}` : `${base}/subscribers`);
    },
  });
  const update = (change: Partial<NewListForm>) => setForm((current) => ({ ...current, ...change }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || saving.isPending) return;
    saving.mutate([newListWrite(form, partitioned)]);
  };
  const typeLabels: Record<ListType, string> = {
    standard: t('lists.types.standard'),
    seed: t('lists.types.seed'),
    test: t('lists.types.test'),
  };
  const nameError =
    submitted && errors.name
      ? errors.name === 'nameRequired'
        ? t('lists.errors.nameRequired')
        : t('lists.errors.nameTooLong')
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="new-list-form">
      <Stack>
        <RecordsError error={saving.error} testId="new-list-error" />
        <TextInput
          label={t('lists.fields.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={nameError}
          required
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label={t('lists.fields.description')}
          value={form.description}
          onChange={(event) => update({ description: event.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={5000}
        />
        <Select
          label={t('lists.fields.type')}
          description={t('lists.typeHint')}
          data={LIST_TYPES.map((value) => ({ value, label: typeLabels[value] }))}
          value={form.listType}
          onChange={(value) => value && update({ listType: value as ListType })}
          allowDeselect={false}
        />
        {partitioned && (
          <MultiSelect
            label={t('lists.fields.partitions')}
            data={partitionOptions}
            value={form.partitionIds.map(String)}
            onChange={(values) => update({ partitionIds: values.map(Number) })}
            searchable
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('lists.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
