import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_TYPES } from '@herald/protocol';
import type { CustomFieldType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { SaveProblem } from '../../../platform/list/SaveProblem.tsx';
import { useWriteRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlay } from '../../../platform/overlay/overlay.ts';
import { CalculationFields } from './CalculationFields.tsx';
import { CalculationRunNow } from './CalculationRunNow.tsx';
import {
  customFieldToForm,
  customFieldWrite,
  emptyCustomFieldForm,
  regexError,
  serverFormErrors,
  validateCustomFieldForm,
} from './customFieldForm.ts';
import type { CustomFieldForm } from './customFieldForm.ts';
import { customFieldTypeLabel, dataTypeLabel } from './customFieldLabels.ts';
import { formErrorText } from './formErrorText.ts';
import { useCustomField } from './useCustomFields.ts';
import type { CustomField } from './useCustomFields.ts';

const NEW_FIELD = 'new';

/** customfields/{type}/{field} ('new' for a new field of the type), over the custom field list. */
export default function CustomFieldPage() {
  const { t } = useTranslation();
  const params = useParams();
  const type = (CUSTOM_FIELD_TYPES as readonly string[]).includes(params.type ?? '')
    ? (params.type as CustomFieldType)
    : null;
  const isNew = params.field === NEW_FIELD;
  const loaded = useCustomField(type, isNew ? null : (params.field ?? null));
  if (!type) return <NotFound />;
  if (!isNew && !loaded.record) {
    if (loaded.isPending || loaded.isFetching) return <Text c="dimmed">{t('app.loading')}</Text>;
    return loaded.error ? <RecordsError error={loaded.error} testId="custom-field-error" /> : <NotFound />;
  }
  return (
    <CustomFieldEditor
      key={loaded.record ? `${loaded.record.id}` : `new-${type}`}
      type={type}
      record={isNew ? null : (loaded.record ?? null)}
    />
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid="custom-field-not-found">
      {t('settings.customFields.notFound')}
    </Alert>
  );
}

function CustomFieldEditor({ type, record }: { type: CustomFieldType; record: CustomField | null }) {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const [form, setForm] = useState<CustomFieldForm>(() =>
    record ? customFieldToForm(record) : emptyCustomFieldForm(type),
  );
  const [touched, setTouched] = useState(false);
  // The version the form was filled from: an update sends it, so a change saved meanwhile by someone else (which
  // the live record already shows) is refused (StaleRecordError) instead of overwritten.
  const [base, setBase] = useState<CustomField | null>(record);
  const errors = validateCustomFieldForm(form);
  const listPath = `/${organization?.organizationId ?? ''}/settings/customfields`;
  const close = () => {
    if (overlay) overlay.close();
    else void navigate(listPath);
  };
  const saving = useWriteRecords('customField', {
    onSuccess: () => {
      showToast(record ? t('settings.customFields.saved') : t('settings.customFields.created'));
      close();
    },
  });
  const update = (change: Partial<CustomFieldForm>) => {
    setTouched(true);
    // A refusal is about what was sent; once the form changes it no longer applies.
    if (saving.error) saving.reset();
    setForm((current) => ({ ...current, ...change }));
  };
  // The form's own checks first; the server's refusal fills in what only it can tell (names that exist).
  const shownErrors = touched ? { ...serverFormErrors(saving.error), ...errors } : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    saving.mutate([customFieldWrite(form, base)]);
  };
  const errorText = (key: 'field' | 'validationRegex' | 'kind') => formErrorText(t, shownErrors[key]);
  // Run now runs what is stored: offered once the field is saved as calculated.
  const runnable = record !== null && record.calculation.kind === 'calculated' && !record.isArchived;
  const unsaved = record !== null && JSON.stringify(customFieldToForm(record)) !== JSON.stringify(form);
  const liveRegexError = regexError(form.validationRegex);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="custom-field-form">
      <Stack>
        {record?.isArchived && (
          <Alert color="yellow" data-testid="custom-field-archived">
            {t('settings.customFields.isArchived')}
          </Alert>
        )}
        <SaveProblem
          error={saving.error}
          testId="custom-field-save-error"
          onLoadLatest={() => {
            // The record is read live, so it is already the version someone else saved.
            saving.reset();
            setTouched(false);
            setBase(record);
            setForm(record ? customFieldToForm(record) : emptyCustomFieldForm(type));
          }}
        />
        <Group grow align="flex-start">
          <Select
            label={t('settings.customFields.type')}
            data={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: customFieldTypeLabel(t, value) }))}
            value={form.type}
            onChange={(value) => value && update({ type: value as CustomFieldType })}
            allowDeselect={false}
            disabled={record !== null}
          />
          <TextInput
            label={t('settings.customFields.field')}
            description={record ? undefined : t('settings.customFields.fieldHint')}
            value={form.field}
            onChange={(event) => update({ field: event.currentTarget.value })}
            error={errorText('field')}
            readOnly={record !== null}
            required
            data-autofocus
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('settings.customFields.groupName')}
            value={form.groupName}
            onChange={(event) => update({ groupName: event.currentTarget.value })}
          />
          <Select
            label={t('settings.customFields.dataType')}
            data={CUSTOM_FIELD_DATA_TYPES.map((value) => ({ value, label: dataTypeLabel(t, value) }))}
            value={form.dataType}
            onChange={(value) => value && update({ dataType: value as CustomFieldForm['dataType'] })}
            allowDeselect={false}
          />
        </Group>
        <Textarea
          label={t('settings.customFields.description')}
          value={form.description}
          onChange={(event) => update({ description: event.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Textarea
          label={t('settings.customFields.values')}
          description={t('settings.customFields.valuesHint')}
          value={form.values}
          onChange={(event) => update({ values: event.currentTarget.value })}
          autosize
          minRows={2}
        />
        <TextInput
          label={t('settings.customFields.validationRegex')}
          description={
            form.validationRegex !== '' && liveRegexError === null
              ? t('settings.customFields.regexValid')
              : t('settings.customFields.regexHint')
          }
          value={form.validationRegex}
          onChange={(event) => update({ validationRegex: event.currentTarget.value })}
          error={liveRegexError === null ? undefined : t('settings.customFields.errors.regexInvalid')}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="custom-field-regex"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('settings.customFields.calculation')}
          </Text>
          <SegmentedControl
            value={form.kind}
            onChange={(value) => update({ kind: value as CustomFieldForm['kind'] })}
            data={[
              { value: 'static', label: t('settings.customFields.static') },
              { value: 'calculated', label: t('settings.customFields.calculated') },
            ]}
            data-testid="custom-field-kind"
          />
          {errorText('kind') && (
            <Text size="sm" c="red">
              {errorText('kind')}
            </Text>
          )}
        </Stack>
        {form.kind === 'calculated' && (
          <CalculationFields form={form} errors={shownErrors} readOnly={false} onChange={update} />
        )}
        {runnable && form.kind === 'calculated' && (
          <CalculationRunNow customFieldId={record.id} unsaved={unsaved} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="custom-field-save">
            {record ? t('common.save') : t('settings.customFields.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
