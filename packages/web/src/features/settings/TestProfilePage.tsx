import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TestProfile } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { PageLoader } from '../shell/PageLoader.tsx';
import { useStoreUserSettings } from '../account/useStoreUserSettings.ts';
import { parseSettings } from '../account/userSettings.ts';
import { AdminError } from './AdminError.tsx';
import { checkTestProfile, settingsWithTestProfile, testProfileFrom } from './testProfile.ts';
import type { FieldError, TestProfileField } from './testProfile.ts';

/**
 * Settings › Test profile (functional §3): whom this user's proofs and previews are addressed to. It is the
 * user's own, kept in their settings as `testProfile`, so every member of the organization may open it.
 */
export default function TestProfilePage() {
  const { t } = useTranslation();
  const profile = useUserProfile();
  return (
    <Stack>
      <Title order={1}>{t('settings.profile.title')}</Title>
      <Text c="dimmed">{t('settings.profile.intro')}</Text>
      <AdminError error={profile.error} />
      {profile.isPending && !profile.isError && <PageLoader />}
      {profile.data && <TestProfileForm settings={profile.data.settings} />}
    </Stack>
  );
}

function TestProfileForm({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const { sessionId } = useSession();
  const storeSettings = useStoreUserSettings();
  const [form, setForm] = useState<TestProfile>(() => testProfileFrom(settings));
  const [errors, setErrors] = useState<Partial<Record<TestProfileField, FieldError>>>({});
  const save = useCommandMutation(sessionChannel, 'updateUserSettings', {
    onSuccess: (result) => {
      const saved = parseSettings(result.settings);
      if (saved) {
        storeSettings(saved);
        setForm(testProfileFrom(saved));
      }
      showToast(t('settings.profile.saved'));
    },
  });

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTestProfile(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (!sessionId) return;
    // The latest settings known (this page's own saves included), with the test profile replaced.
    save.mutate({ sessionId, settings: JSON.stringify(settingsWithTestProfile(settings, checked.profile)) });
  };

  const field = (name: TestProfileField) => {
    const error = errors[name];
    return {
      value: form[name],
      error: error ? t(`settings.profile.${error.key}`, error.values) : undefined,
      onChange: (event: { currentTarget: { value: string } }) => {
        const { value } = event.currentTarget;
        setForm((current) => ({ ...current, [name]: value }));
      },
    };
  };

  return (
    <Paper component="form" onSubmit={onSave} noValidate withBorder p="md" data-testid="test-profile-form">
      <Stack>
        <AdminError error={save.error} testId="test-profile-error" />
        <Group grow align="flex-start">
          <TextInput label={t('settings.profile.firstName')} autoComplete="off" {...field('firstName')} />
          <TextInput label={t('settings.profile.lastName')} autoComplete="off" {...field('lastName')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('settings.profile.email')}
            type="email"
            autoComplete="off"
            {...field('email')}
          />
          <TextInput
            label={t('settings.profile.mobile')}
            type="tel"
            autoComplete="off"
            {...field('mobile')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
