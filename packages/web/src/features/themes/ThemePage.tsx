import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { defaultThemeSettings, type ThemeSettings } from '@herald/protocol';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf, isChannelError } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListSkeleton } from '../../platform/list/ListControls.tsx';
import { useRecord, useWriteRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { ThemeFieldInput } from './ThemeFieldInput.tsx';
import { fieldValue, THEME_FORM_GROUPS, withField } from './themeFields.ts';
import { themeRefusal, themesListAddress } from './themeGuard.ts';
import { settingsOf, themeSave } from './themeWrites.ts';

/**
 * themes/{id} and themes/new (platform §2): every group of an e-mail theme in one keyboard-friendly form,
 * starting from the defaults of functional §3, with the lock switch. Guard 9 sends a locked theme, or one that
 * fails to load, back to the list.
 */
export default function ThemePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId ?? 0;
  const { id = 'new' } = useParams();
  const numericId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const loaded = useRecord('theme', numericId);
  const stored = loaded.record;
  const [settings, setSettings] = useState<ThemeSettings | null>(() =>
    id === 'new' ? defaultThemeSettings(t('themes.newName')) : null,
  );
  useEffect(() => {
    if (stored && settings === null) setSettings(settingsOf(stored));
  }, [stored, settings]);
  const saving = useWriteRecords('theme', {
    onSuccess: () => {
      notifications.show({ message: t('themes.saved') });
      void navigate(themesListAddress(organizationId));
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        message:
          (isChannelError(error) && error.details?.[0]?.message) ||
          errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });

  // Guard 9, once the page knows what it was given; a theme locked after it was opened stays open to unlock.
  const refusal =
    settings === null
      ? themeRefusal({ id, isPending: loaded.isPending, failed: loaded.isError, theme: stored })
      : null;
  if (refusal) return <Navigate to={themesListAddress(organizationId, refusal)} replace />;
  if (!settings) return <ListSkeleton view="list" />;

  const set = (path: string, value: string | boolean) => setSettings(withField(settings, path, value));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate([themeSave(settings, stored)]);
  };

  return (
    <Stack component="form" onSubmit={onSubmit} data-testid="theme-page">
      <Group justify="space-between">
        <Title order={1}>
          {id === 'new' ? t('themes.newTitle') : t('themes.editTitle', { name: stored?.themeName ?? '' })}
        </Title>
        <Switch
          label={t('themes.lock')}
          checked={settings.policies.lock}
          onChange={(event) => setSettings({ ...settings, policies: { lock: event.currentTarget.checked } })}
          data-testid="theme-form-lock"
        />
      </Group>
      {settings.policies.lock && (
        <Alert color="orange" data-testid="theme-lock-hint">
          {t('themes.lockHint')}
        </Alert>
      )}
      {THEME_FORM_GROUPS.map(({ group, fields }) => (
        <Fieldset key={group} legend={t(`themes.groups.${group}`)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((field) => (
              <ThemeFieldInput
                key={field.path}
                field={field}
                value={fieldValue(settings, field.path)}
                onChange={(value) => set(field.path, value)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
      <Group>
        <Button
          type="submit"
          loading={saving.isPending}
          disabled={!settings.themeName.trim()}
          data-testid="theme-save"
        >
          {t('themes.save')}
        </Button>
        <Button variant="default" onClick={() => void navigate(themesListAddress(organizationId))}>
          {t('themes.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
