import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CREDENTIAL_TYPE_NAMES,
  credentialTypeOf,
  isCredentialType,
  type Credential,
  type CredentialTestResult,
  type CredentialType,
} from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { formatDateTime } from '../../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { PageLoader } from '../../shell/PageLoader.tsx';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams, useRefetchAdmin } from '../useAdminCommand.ts';
import { CredentialFields } from './CredentialFields.tsx';
import { useCredentials } from './useCredentials.ts';

/**
 * Settings › Credentials › one credential (`new` for one not saved yet): its type chosen first, then that
 * type's form. Secrets show only their mask and are replaced only when typed; a saved credential can be tested
 * against its provider and deleted while nothing uses it.
 */
export default function CredentialPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useParams().id;
  const credentials = useCredentials();
  const isNew = id === 'new';
  const credential = credentials.data?.credentials.find((candidate) => String(candidate.id) === id);
  if (credentials.isPending && !credentials.isError) return <PageLoader />;
  return (
    <Stack>
      <BackLink />
      <AdminError error={credentials.error} />
      {credentials.data && !isNew && !credential && (
        <Text role="alert" data-testid="credential-not-found">
          {errorText('NotFoundError')}
        </Text>
      )}
      {credentials.data && (isNew || credential) && (
        <>
          <Title order={1}>{credential ? credential.alias : t('settings.credentials.newTitle')}</Title>
          {/* A new key per credential: the form starts again from what is saved. */}
          <CredentialForm key={credential?.id ?? 'new'} saved={credential} />
        </>
      )}
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  const params = useAdminParams();
  return (
    <Anchor component={Link} to={`/${params?.organizationId ?? ''}/settings/credentials`} size="sm">
      {t('settings.credentials.back')}
    </Anchor>
  );
}

function CredentialForm({ saved }: { saved: Credential | undefined }) {
  const { t, i18n } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const refetch = useRefetchAdmin();
  const navigate = useNavigate();
  const [type, setType] = useState<CredentialType | null>(
    saved && isCredentialType(saved.type) ? saved.type : null,
  );
  const [alias, setAlias] = useState(saved?.alias ?? '');
  const [values, setValues] = useState<Record<string, string>>(saved?.fields ?? {});
  const [testResult, setTestResult] = useState<CredentialTestResult | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const credentialsPath = `/${params?.organizationId ?? ''}/settings/credentials`;

  const onSaved = (credential: Credential) => {
    showToast(t('settings.credentials.saved'));
    // Typed secrets leave the form once saved: from now on only their masks are shown.
    setValues(credential.fields);
    void refetch('listCredentials');
    if (!saved) void navigate(`/${params?.organizationId ?? ''}/settings/credential/${credential.id}`);
  };
  const create = useCommandMutation(sessionChannel, 'createCredential', { onSuccess: onSaved });
  const update = useCommandMutation(sessionChannel, 'updateCredential', { onSuccess: onSaved });
  const test = useCommandMutation(sessionChannel, 'testCredential', { onSuccess: setTestResult });
  const remove = useCommandMutation(sessionChannel, 'deleteCredential', {
    onSuccess: () => {
      showToast(t('settings.credentials.deleted'));
      void refetch('listCredentials');
      void navigate(credentialsPath, { replace: true });
    },
  });

  const chooseType = (next: string | null) => {
    const chosen = next && isCredentialType(next) ? next : null;
    setType(chosen);
    // A new form starts from the type's defaults (a provider's public API, a protocol's usual port).
    setValues(
      Object.fromEntries(
        (chosen ? credentialTypeOf(chosen).fields : []).flatMap((field) =>
          field.defaultValue ? [[field.name, field.defaultValue]] : [],
        ),
      ),
    );
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!params) return;
    setTestResult(null);
    if (saved) update.mutate({ ...params, id: saved.id, alias, values });
    else create.mutate({ ...params, type: type ?? undefined, alias, values });
  };
  const testable = type ? credentialTypeOf(type).test !== undefined : false;
  const error = create.error ?? update.error ?? test.error ?? remove.error;
  const fieldErrors = valueErrors((create.error ?? update.error)?.details);

  return (
    <>
      <Paper component="form" onSubmit={onSave} withBorder p="md" data-testid="credential-form">
        <Stack>
          <AdminError error={error} testId="credential-error" />
          <Select
            label={t('settings.credentials.type')}
            placeholder={t('settings.credentials.chooseType')}
            data={CREDENTIAL_TYPE_NAMES.map((name) => ({
              value: name,
              label: t(`settings.credentials.types.${name}`),
            }))}
            value={type}
            onChange={chooseType}
            disabled={saved !== undefined}
            allowDeselect={false}
            searchable
            data-testid="credential-type"
          />
          <TextInput
            label={t('settings.credentials.alias')}
            value={alias}
            onChange={(event) => setAlias(event.currentTarget.value)}
            required
            maxLength={200}
          />
          {type && (
            <CredentialFields
              type={type}
              values={values}
              secretHints={saved?.secretHints ?? {}}
              errors={fieldErrors}
              onChange={(name, value) => {
                setValues({ ...values, [name]: value });
                // A refusal speaks of the values as they were: once one changes, it no longer holds.
                if (create.error) create.reset();
                if (update.error) update.reset();
              }}
            />
          )}
          {saved && (
            <Text size="sm" c="dimmed" data-testid="credential-dates">
              {t('settings.credentials.dates', {
                created: formatDateTime(saved.createdAt, i18n.language),
                modified: formatDateTime(saved.modifiedAt, i18n.language),
                accessed: formatDateTime(saved.lastAccessedAt, i18n.language) || '—',
              })}
            </Text>
          )}
          {testResult && (
            <Alert
              color={testResult.ok ? 'teal' : 'red'}
              role="status"
              data-testid="credential-test-result"
              data-ok={testResult.ok}
            >
              {testResult.ok
                ? t('settings.credentials.testSucceeded')
                : t('settings.credentials.testFailed', { message: testResult.message ?? '' })}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common.save')}
            </Button>
            {(testable || !saved) && (
              <Button
                variant="light"
                loading={test.isPending}
                data-testid="test-credential"
                onClick={() => {
                  setTestResult(null);
                  // Only the saved credential is tested; without an id the server answers that it must be saved.
                  if (params) test.mutate({ ...params, id: saved?.id });
                }}
              >
                {t('settings.credentials.test')}
              </Button>
            )}
            {saved && (
              <Button color="red" variant="light" onClick={() => setConfirmingDelete(true)}>
                {t('settings.credentials.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {saved && (
        <Modal
          opened={confirmingDelete}
          onClose={() => setConfirmingDelete(false)}
          title={t('settings.credentials.deleteTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Stack>
            <Text>
              {saved.usedBy.length > 0
                ? t('settings.credentials.deleteInUse')
                : t('settings.credentials.deleteConfirm')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                data-testid="confirm-delete-credential"
                onClick={() => {
                  setConfirmingDelete(false);
                  if (params) remove.mutate({ ...params, id: saved.id });
                }}
              >
                {t('settings.credentials.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}

/** A refusal's details at `values.{field}`, by field name, for the inputs to show under themselves. */
function valueErrors(
  details: ReadonlyArray<{ path: string; message: string }> | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details ?? []) {
    const name = detail.path.startsWith('values.') ? detail.path.slice('values.'.length) : undefined;
    if (name && !(name in errors)) errors[name] = detail.message;
  }
  return errors;
}
