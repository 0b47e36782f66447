import { Button, FileButton, PasswordInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { credentialTypeOf, type CredentialField, type CredentialType } from '@herald/protocol';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

/**
 * The fields of one credential type, as CREDENTIAL_TYPES declares them. A secret is a password input that starts
 * empty: its saved value is never sent here, only its mask, shown as the placeholder; typing replaces it.
 */
export function CredentialFields({
  type,
  values,
  secretHints,
  errors = {},
  onChange,
}: {
  type: CredentialType;
  values: Readonly<Record<string, string>>;
  secretHints: Readonly<Record<string, string>>;
  /** The server's word on a refused value, by field name (a key that is not JSON, a port out of range). */
  errors?: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return credentialTypeOf(type).fields.map((field) => {
    const label = t(`settings.credentials.fields.${field.label ?? field.name}`);
    const common = {
      label,
      required: field.required && !(field.secret && secretHints[field.name]),
      error: errors[field.name],
      'data-field': field.name,
    };
    const value = values[field.name] ?? '';
    const set = (next: string) => onChange(field.name, next);
    return (
      <FieldInput
        key={field.name}
        field={field}
        common={common}
        value={value}
        set={set}
        hint={secretHints[field.name]}
      />
    );
  });
}

interface FieldCommon {
  label: string;
  required: boolean;
  error: string | undefined;
  'data-field': string;
}

function FieldInput({
  field,
  common,
  value,
  set,
  hint,
}: {
  field: CredentialField;
  common: FieldCommon;
  value: string;
  set: (value: string) => void;
  hint: string | undefined;
}) {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'secret':
      return (
        <PasswordInput
          {...common}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          placeholder={hint}
          description={hint ? t('settings.credentials.secretKept', { hint }) : undefined}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('settings.credentials.showSecret') }}
        />
      );
    case 'serviceAccountKey':
      return <ServiceAccountKeyInput common={common} value={value} set={set} hint={hint} />;
    case 'pem':
    case 'gpg':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          autosize
          minRows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={(field.choices ?? []).map((choice) => ({
            value: choice,
            label: t(`settings.credentials.choices.${choice}`),
          }))}
          value={value || null}
          onChange={(next) => set(next ?? '')}
          allowDeselect={false}
        />
      );
    case 'port':
      return (
        <TextInput
          {...common}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          inputMode="numeric"
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          type={field.kind === 'url' ? 'url' : 'text'}
        />
      );
  }
}

/**
 * A service account's key file: pasted, or read from the file Google Cloud downloads. A secret like the others:
 * it starts empty, its saved state shown by the end of its key id, and a new one replaces it.
 */
function ServiceAccountKeyInput({
  common,
  value,
  set,
  hint,
}: {
  common: FieldCommon;
  value: string;
  set: (value: string) => void;
  hint: string | undefined;
}) {
  const { t } = useTranslation();
  const chosen = (file: File | null) => {
    if (file) void file.text().then(set);
  };
  return (
    <Stack gap={4}>
      <Textarea
        {...common}
        value={value}
        onChange={(event) => set(event.currentTarget.value)}
        placeholder={hint}
        description={
          hint
            ? t('settings.credentials.secretKept', { hint })
            : t('settings.credentials.serviceAccountKeyHelp')
        }
        autosize
        minRows={3}
        maxRows={8}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <FileButton onChange={chosen} accept="application/json,.json">
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            w="fit-content"
            data-testid="service-account-key-file"
          >
            {t('settings.credentials.chooseKeyFile')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
