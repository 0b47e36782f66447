import { ActionIcon, Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecord, useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlay } from '../../../platform/overlay/overlay.ts';
import {
  emptyPartitionForm,
  partitionToForm,
  partitionWrite,
  validatePartitionForm,
} from './partitionForm.ts';
import type { PartitionForm } from './partitionForm.ts';
import { usePartitionSets } from './usePartitions.ts';
import type { Partition } from './usePartitions.ts';

/** partitions/{id} ('new' for a new one): name, external ref, partition set and custom fields. */
export default function PartitionPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === 'new';
  const partitionId = id && /^\d+$/.test(id) ? Number(id) : null;
  const loaded = useRecord('partition', partitionId);
  if (!isNew && partitionId === null) return <NotFound />;
  if (!isNew && !loaded.record) {
    if (loaded.isPending || loaded.isFetching) return <Text c="dimmed">{t('app.loading')}</Text>;
    return loaded.error ? <RecordsError error={loaded.error} testId="partition-error" /> : <NotFound />;
  }
  return (
    <PartitionEditor key={loaded.record?.id ?? 'new'} partition={isNew ? null : (loaded.record ?? null)} />
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid="partition-not-found">
      {t('settings.partitions.notFound')}
    </Alert>
  );
}

function PartitionEditor({ partition }: { partition: Partition | null }) {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const sets = usePartitionSets();
  const [form, setForm] = useState<PartitionForm>(() =>
    partition ? partitionToForm(partition) : emptyPartitionForm,
  );
  const [touched, setTouched] = useState(false);
  const errors = validatePartitionForm(form);
  const close = () => {
    if (overlay) overlay.close();
    else void navigate(`/${organization?.organizationId ?? ''}/settings/partitions`);
  };
  const saving = useWriteRecords('partition', {
    onSuccess: () => {
      showToast(partition ? t('settings.partitions.saved') : t('settings.partitions.created'));
      close();
    },
  });
  const update = (change: Partial<PartitionForm>) => setForm((current) => ({ ...current, ...change }));
  const setEntry = (index: number, change: Partial<PartitionForm['customFields'][number]>) =>
    update({
      customFields: form.customFields.map((entry, at) => (at === index ? { ...entry, ...change } : entry)),
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    saving.mutate([partitionWrite(form, partition)]);
  };
  const setOptions = (sets.data?.records ?? []).map((set) => ({ value: String(set.id), label: set.name }));
  if (form.partitionSetId !== null && !setOptions.some((option) => option.value === form.partitionSetId)) {
    setOptions.push({ value: form.partitionSetId, label: form.partitionSetId });
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="partition-form">
      <Stack>
        <RecordsError error={saving.error} testId="partition-save-error" />
        <TextInput
          label={t('settings.partitions.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={touched && errors.name ? t('settings.partitions.errors.nameRequired') : undefined}
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('settings.partitions.externalRef')}
            value={form.externalRef}
            onChange={(event) => update({ externalRef: event.currentTarget.value })}
          />
          <Select
            label={t('settings.partitions.set')}
            placeholder={t('settings.partitions.noSet')}
            data={setOptions}
            value={form.partitionSetId}
            onChange={(value) => update({ partitionSetId: value })}
            clearable
          />
        </Group>
        <Stack gap="xs" data-testid="partition-custom-fields">
          <Text size="sm" fw={500}>
            {t('settings.partitions.customFields')}
          </Text>
          {form.customFields.map((entry, index) => (
            <Group key={index} wrap="nowrap" data-testid="partition-custom-field">
              <TextInput
                aria-label={t('settings.partitions.key')}
                placeholder={t('settings.partitions.key')}
                value={entry.key}
                onChange={(event) => setEntry(index, { key: event.currentTarget.value })}
                w={200}
              />
              <TextInput
                aria-label={t('settings.partitions.value')}
                placeholder={t('settings.partitions.value')}
                value={entry.value}
                onChange={(event) => setEntry(index, { value: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('settings.partitions.removeField')}
                onClick={() =>
                  update({ customFields: form.customFields.filter((_entry, at) => at !== index) })
                }
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {errors.customFields && (
            <Text size="sm" c="red">
              {t('settings.partitions.errors.keysUnique')}
            </Text>
          )}
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => update({ customFields: [...form.customFields, { key: '', value: '' }] })}
            >
              {t('settings.partitions.addField')}
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="partition-save">
            {partition ? t('common.save') : t('settings.partitions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
