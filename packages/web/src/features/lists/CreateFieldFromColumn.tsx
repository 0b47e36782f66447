import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { CUSTOM_FIELD_DATA_TYPES } from '@herald/protocol';
import type { CustomFieldDataType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import {
  customFieldWrite,
  emptyCustomFieldForm,
  serverFormErrors,
  validateCustomFieldForm,
} from '../settings/fields/customFieldForm.ts';
import { dataTypeLabel } from '../settings/fields/customFieldLabels.ts';
import { formErrorText } from '../settings/fields/formErrorText.ts';
import { fieldNameForHeader } from './importMapping.ts';

/**
 * Creates a subscriber custom field for a column of the file, from the mapping step (writeRecords type
 * customField, as the custom field settings do): named after the header, then mapped to the column.
 */
export function CreateFieldFromColumn({
  column,
  onClose,
  onCreated,
}: {
  /** The header of the column the field is for; null while closed. */
  column: string | null;
  onClose: () => void;
  onCreated: (field: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={column !== null}
      onClose={onClose}
      title={t('lists.import.createField.title', { column: column ?? '' })}
    >
      {column !== null && <CreateFieldForm column={column} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateFieldForm({
  column,
  onClose,
  onCreated,
}: {
  column: string;
  onClose: () => void;
  onCreated: (field: string) => void;
}) {
  const { t } = useTranslation();
  const [field, setField] = useState(() => fieldNameForHeader(column));
  const [dataType, setDataType] = useState<CustomFieldDataType>('text');
  const [tried, setTried] = useState(false);
  const form = { ...emptyCustomFieldForm('subscriber'), field, dataType, description: column.trim() };
  const errors = validateCustomFieldForm(form);
  const saving = useWriteRecords('customField', {
    onSuccess: () => {
      showToast(t('lists.import.createField.created', { field }));
      onCreated(field);
    },
  });
  const shown = tried ? { ...serverFormErrors(saving.error), ...errors } : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0 || saving.isPending) return;
    saving.mutate([customFieldWrite(form, null)]);
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="import-create-field">
      <Stack>
        <TextInput
          label={t('lists.import.createField.name')}
          description={t('lists.import.createField.nameHint')}
          value={field}
          onChange={(event) => {
            setField(event.currentTarget.value);
            if (saving.error) saving.reset();
          }}
          error={formErrorText(t, shown.field)}
          required
          data-autofocus
        />
        <Select
          label={t('lists.import.createField.dataType')}
          data={CUSTOM_FIELD_DATA_TYPES.map((value) => ({ value, label: dataTypeLabel(t, value) }))}
          value={dataType}
          onChange={(value) => value && setDataType(value as CustomFieldDataType)}
          allowDeselect={false}
        />
        {/* Refusals other than the name's (which shows under it) are shown whole. */}
        {!shown.field && <RecordsError error={saving.error} testId="import-create-field-error" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="import-create-field-submit">
            {t('lists.import.createField.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
