import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useSendingSettings } from '../../platform/organization/useSendingSettings.ts';
import { AdminError } from '../settings/AdminError.tsx';
import { useAdminParams } from '../settings/useAdminCommand.ts';
import { useOrganizationSettingsSave } from '../settings/useOrganizationSettingsSave.ts';
import { settingsWithTimeZone, timeZoneChoices } from './timeZones.ts';

/**
 * The organization's time zone (docs/workflow.md § The schedule step), whose wall clock activity schedules
 * follow: a searchable list of the IANA zones, saved with updateOrganizationSettings by an administrator (the
 * page is admin only).
 */
export function TimeZoneCard() {
  const { t } = useTranslation();
  const params = useAdminParams();
  const saved = useSendingSettings().timeZone;
  // null while untouched: the saved zone shows, and follows it when it changes.
  const [chosen, setChosen] = useState<string | null>(null);
  const choices = useMemo(() => timeZoneChoices(saved), [saved]);
  const value = chosen ?? saved;

  const saving = useOrganizationSettingsSave({
    onSuccess: () => {
      setChosen(null);
      showToast(t('settings.timeZone.saved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate((current) => settingsWithTimeZone(current, value));
  };

  return (
    <Paper
      component="form"
      onSubmit={onSave}
      withBorder
      p="md"
      aria-labelledby="admin-panel-time-zone"
      data-testid="time-zone-card"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="admin-panel-time-zone">
          {t('settings.timeZone.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.timeZone.hint')}
        </Text>
        <AdminError error={saving.error} testId="time-zone-error" />
        <Select
          label={t('settings.timeZone.label')}
          placeholder={t('settings.timeZone.placeholder')}
          nothingFoundMessage={t('settings.timeZone.nothingFound')}
          data={choices}
          value={value}
          onChange={(next) => next && setChosen(next)}
          searchable
          allowDeselect={false}
          limit={50}
          comboboxProps={{ withinPortal: true }}
          maw={420}
          data-testid="time-zone-select"
        />
        <Group>
          <Button
            type="submit"
            loading={saving.isPending}
            disabled={value === saved || !params}
            data-testid="save-time-zone"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
