import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { customFieldLabel } from '@herald/protocol';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useFieldsOfType } from '../settings/fields/useCustomFields.ts';
import type { CustomField } from '../settings/fields/useCustomFields.ts';
import { changedCustomValues, customValueText, parseCustomValue } from './customValue.ts';
import type { CustomValue } from './customValue.ts';
import { customFieldErrors } from './subscriberProfile.ts';
import type { Subscriber } from './subscriberProfile.ts';
import { useSubscriberCommands } from './useSubscriberCommands.ts';

type T = (key: string) => string;

function valueErrorText(t: T, error: ReturnType<typeof parseCustomValue> | undefined): string | undefined {
  if (!error) return undefined;
  if (!('error' in error)) return undefined;
  switch (error.error) {
    case 'notNumber':
      return t('subscriber.valueErrors.notNumber');
    case 'notDate':
      return t('subscriber.valueErrors.notDate');
    case 'notBoolean':
      return t('subscriber.valueErrors.notBoolean');
    case 'notAllowed':
      return t('subscriber.valueErrors.notAllowed');
    case 'noMatch':
      return t('subscriber.valueErrors.noMatch');
  }
}

const textsOf = (subscriber: Subscriber, fields: readonly CustomField[]) =>
  Object.fromEntries(fields.map((field) => [field.field, customValueText(subscriber.custom[field.field])]));

/**
 * The subscriber's custom fields (type subscriber), checked as typed against each field's data type,
 * allowed values and validation regex, and saved with updateSubscriber. Readers and anonymized profiles
 * see the values only.
 */
export function CustomFieldsCard({ subscriber, editable }: { subscriber: Subscriber; editable: boolean }) {
  const { t } = useTranslation();
  const fields = useFieldsOfType('subscriber');
  const defined = fields.data?.records ?? [];
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const { organizationId, update } = useSubscriberCommands({
    update: () => {
      setTouched(false);
      showToast(t('subscriber.saved'));
    },
  });

  // The stored values fill the form until the user starts typing (and again after a save).
  useEffect(() => {
    if (!touched) setTexts(textsOf(subscriber, defined));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscriber, fields.data, touched]);

  const parsed = Object.fromEntries(
    defined.map((field) => [field.field, parseCustomValue(texts[field.field] ?? '', field)]),
  );
  const values: Record<string, CustomValue> = {};
  let invalid = false;
  for (const [name, result] of Object.entries(parsed)) {
    if ('value' in result) values[name] = result.value;
    else invalid = true;
  }
  const changes = changedCustomValues(subscriber.custom, values);
  const serverErrors = customFieldErrors(
    update.error?.details,
    defined.map((field) => field.field),
  );
  const others = Object.keys(subscriber.custom).filter(
    (name) => !defined.some((field) => field.field === name),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable || invalid || Object.keys(changes).length === 0) return;
    update.mutate({
      organizationId,
      subscriberId: subscriber.id,
      data: { id: subscriber.id, version: subscriber.version, custom: changes },
    });
  };
  const set = (name: string, text: string) => {
    setTouched(true);
    setTexts((current) => ({ ...current, [name]: text }));
  };

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      data-testid="subscriber-custom-fields"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('subscriber.customFields')}
        </Title>
        <RecordsError error={fields.error} testId="custom-fields-error" />
        {fields.data && defined.length === 0 && others.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('subscriber.noCustomFields')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {defined.map((field) => (
            <CustomFieldInput
              key={field.id}
              field={field}
              text={texts[field.field] ?? ''}
              onChange={(text) => set(field.field, text)}
              error={
                (touched ? valueErrorText(t, parsed[field.field]) : undefined) ?? serverErrors[field.field]
              }
              readOnly={!editable}
            />
          ))}
          {others.map((name) => (
            <TextInput
              key={name}
              label={customFieldLabel(name)}
              value={customValueText(subscriber.custom[name])}
              readOnly
            />
          ))}
        </SimpleGrid>
        {update.error && Object.keys(serverErrors).length === 0 && (
          <RecordsError error={update.error} testId="subscriber-update-error" />
        )}
        {update.error && Object.keys(serverErrors).length > 0 && (
          <Alert color="red" data-testid="subscriber-update-error" data-error-type={update.error.type}>
            {t('subscriber.fixFields')}
          </Alert>
        )}
        {editable && defined.length > 0 && (
          <Group justify="flex-end">
            {touched && (
              <Button
                variant="default"
                onClick={() => {
                  setTouched(false);
                  update.reset();
                }}
              >
                {t('subscriber.discard')}
              </Button>
            )}
            <Button
              type="submit"
              loading={update.isPending}
              disabled={invalid || Object.keys(changes).length === 0}
              data-testid="save-custom-fields"
            >
              {t('subscriber.saveCustomFields')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function CustomFieldInput({
  field,
  text,
  onChange,
  error,
  readOnly,
}: {
  field: CustomField;
  text: string;
  onChange: (text: string) => void;
  error: string | undefined;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const common = {
    label: customFieldLabel(field.field),
    description: field.description || field.groupName || undefined,
    error,
    readOnly,
    'data-testid': 'custom-field-input',
    'data-field': field.field,
  };
  const choices =
    field.schema.dataType === 'boolean'
      ? [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]
      : (field.schema.values ?? []).map((value) => ({ value, label: value }));
  if (choices.length > 0) {
    const data =
      text !== '' && !choices.some((choice) => choice.value === text)
        ? [...choices, { value: text, label: text }]
        : choices;
    return (
      <Select
        {...common}
        data={data}
        value={text === '' ? null : text}
        onChange={(value) => onChange(value ?? '')}
        clearable
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field.schema.dataType === 'date' ? 'date' : 'text'}
      inputMode={field.schema.dataType === 'number' ? 'decimal' : undefined}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
