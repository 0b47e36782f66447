import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { AdminError } from '../AdminError.tsx';
import { fieldError, useOrganizationSettingsSave } from '../useOrganizationSettingsSave.ts';
import {
  currencyChoices,
  senderFormOf,
  settingsWithSender,
  verifiedSendingDomains,
} from './senderSettings.ts';

/**
 * The organization's currency (reports show money in it) and default sender, which delivery uses when an
 * activity names no sender. The address must be at one of the verified sending domains; without one, mail goes
 * from the shared product domain (functional §9), which the server also accepts.
 */
export function SenderCard({
  settings,
  domainsConfig,
}: {
  settings: Record<string, unknown>;
  domainsConfig: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation();
  const saved = useMemo(() => senderFormOf(settings), [settings]);
  const [edited, setEdited] = useState<Partial<ReturnType<typeof senderFormOf>>>({});
  const form = { ...saved, ...edited };
  const currencies = useMemo(
    () => currencyChoices(i18n.language, saved.currency),
    [i18n.language, saved.currency],
  );
  const domains = verifiedSendingDomains(domainsConfig);
  const save = useOrganizationSettingsSave({
    onSuccess: () => {
      setEdited({});
      showToast(t('settings.organization.senderSaved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate((current) => settingsWithSender(current, form));
  };
  const otherError =
    save.error &&
    !fieldError(save.error, 'settings.defaultSender') &&
    !fieldError(save.error, 'settings.currency')
      ? save.error
      : null;
  return (
    <Paper component="form" onSubmit={onSave} withBorder p="md" aria-labelledby="organization-sender-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="organization-sender-title">
          {t('settings.organization.senderTitle')}
        </Title>
        <AdminError error={otherError} testId="organization-sender-error" />
        <Select
          label={t('settings.organization.currency')}
          placeholder={t('settings.organization.currencyPlaceholder')}
          nothingFoundMessage={t('settings.organization.currencyNothingFound')}
          data={currencies}
          value={form.currency || null}
          onChange={(next) => setEdited({ ...edited, currency: next ?? '' })}
          searchable
          clearable
          limit={50}
          error={fieldError(save.error, 'settings.currency')}
          maw={420}
          data-testid="organization-currency"
        />
        <TextInput
          label={t('settings.organization.fromName')}
          value={form.fromName}
          onChange={(event) => setEdited({ ...edited, fromName: event.currentTarget.value })}
          maxLength={200}
          error={fieldError(save.error, 'settings.defaultSender.fromName')}
          maw={420}
          data-testid="organization-from-name"
        />
        <TextInput
          type="email"
          label={t('settings.organization.fromAddress')}
          description={
            domains.length > 0
              ? t('settings.organization.fromAddressDomains', { domains: domains.join(', ') })
              : t('settings.organization.fromAddressNoDomains')
          }
          value={form.fromAddress}
          onChange={(event) => setEdited({ ...edited, fromAddress: event.currentTarget.value })}
          error={
            fieldError(save.error, 'settings.defaultSender.fromAddress') ??
            fieldError(save.error, 'settings.defaultSender')
          }
          maw={420}
          data-testid="organization-from-address"
        />
        <Text size="xs" c="dimmed">
          {t('settings.organization.senderRule')}
        </Text>
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={Object.keys(edited).length === 0}
            data-testid="save-organization-sender"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
