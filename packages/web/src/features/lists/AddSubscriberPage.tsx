import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { customFieldLabel, isProfileDateField } from '@herald/protocol';
import type { CustomFieldDataType } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { isChannelError } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { useOverlay } from '../../platform/overlay/overlay.ts';
import { ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { pathId } from './list.ts';
import {
  ADD_SUBSCRIBER_FIELDS,
  fieldErrorsOf,
  subscriberCreateOf,
  validateSubscriberForm,
} from './subscriberForm.ts';
import type { SubscriberFormValues } from './subscriberForm.ts';
import { useFieldsOfType } from '../settings/fields/useCustomFields.ts';
import { useListsContext } from './useListsContext.ts';

/**
 * Adds one subscriber to a list (`subscribers/add/{id}`, a modal): the writable profile fields and the
 * subscriber custom fields, written with writeRecords type subscriber and `listIds: [id]`.
 */
export default function AddSubscriberPage() {
  const { t } = useTranslation();
  const listId = pathId(useParams().id);
  const loaded = useSubscriberList(listId);
  if (listId === null || loaded.missing) return <ListNotFound />;
  if (!loaded.list) return <Text c="dimmed">{t('app.loading')}</Text>;
  return <AddSubscriberForm listId={listId} listName={loaded.list.name} />;
}

function AddSubscriberForm({ listId, listName }: { listId: number; listName: string }) {
  const { t } = useTranslation();
  const overlay = useOverlay();
  const navigate = useNavigate();
  const { base } = useListsContext();
  const customFields = useFieldsOfType('subscriber');
  const [values, setValues] = useState<SubscriberFormValues>({ profile: {}, custom: {} });
  const [submitted, setSubmitted] = useState(false);
  const listPage = `${base}/subscribers/view/${listId}`;
  const saving = useWriteRecords('subscriber', {
    onSuccess: () => {
      showToast(t('lists.add.added', { name: listName }));
      void navigate(listPage);
    },
  });
  const formErrors = validateSubscriberForm(values);
  const fieldNames = customFields.fields.map((field) => field.field);
  const serverErrors = isChannelError(saving.error) ? fieldErrorsOf(saving.error.details, fieldNames) : {};
  const dataTypes: Record<string, CustomFieldDataType> = Object.fromEntries(
    customFields.fields.map((field) => [field.field, field.schema.dataType]),
  );
  const errorOf = (key: string): string | undefined => {
    if (serverErrors[key]) return serverErrors[key];
    if (!submitted || key !== 'email' || !formErrors.email) return undefined;
    return formErrors.email === 'contactRequired'
      ? t('lists.add.contactRequired')
      : t('lists.add.emailInvalid');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(formErrors).length > 0 || saving.isPending) return;
    saving.mutate([subscriberCreateOf(values, dataTypes, listId)]);
  };
  const setProfile = (field: string, value: string) =>
    setValues((current) => ({ ...current, profile: { ...current.profile, [field]: value } }));
  const setCustom = (field: string, value: string) =>
    setValues((current) => ({ ...current, custom: { ...current.custom, [field]: value } }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="add-subscriber-form">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('lists.add.intro', { name: listName })}
        </Text>
        {Object.keys(serverErrors).length === 0 && (
          <RecordsError error={saving.error} testId="add-subscriber-error" />
        )}
        {Object.keys(serverErrors).length > 0 && (
          <Alert color="red" role="alert" data-testid="add-subscriber-error">
            {t('lists.add.fixFields')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADD_SUBSCRIBER_FIELDS.map((field, index) => (
            <TextInput
              key={field}
              label={t(`lists.profileFields.${field}`)}
              type={isProfileDateField(field) ? 'date' : field === 'email' ? 'email' : 'text'}
              value={values.profile[field] ?? ''}
              onChange={(event) => setProfile(field, event.currentTarget.value)}
              error={errorOf(field)}
              data-autofocus={index === 0 ? true : undefined}
              maxLength={field === 'email' ? 320 : 500}
            />
          ))}
        </SimpleGrid>
        {customFields.fields.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t('lists.add.customFields')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {customFields.fields.map((field) => (
                <TextInput
                  key={field.id}
                  label={customFieldLabel(field.field)}
                  description={field.description || undefined}
                  type={
                    field.schema.dataType === 'number'
                      ? 'number'
                      : field.schema.dataType === 'date'
                        ? 'date'
                        : 'text'
                  }
                  placeholder={field.schema.dataType === 'boolean' ? t('lists.add.booleanHint') : undefined}
                  value={values.custom[field.field] ?? ''}
                  onChange={(event) => setCustom(field.field, event.currentTarget.value)}
                  error={errorOf(`custom.${field.field}`)}
                />
              ))}
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => (overlay ? overlay.close() : void navigate(listPage))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="add-subscriber-submit">
            {t('lists.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
