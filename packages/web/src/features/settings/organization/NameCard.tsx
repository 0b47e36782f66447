import { ORGANIZATION_NAME_MAX } from '@herald/protocol';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';
import { useReplaceOrganization } from '../useOrganizationSettingsSave.ts';

/** The organization's name (updateOrganizationName); the shell's heading follows it when saved. */
export function NameCard({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const replace = useReplaceOrganization();
  // null while untouched: the saved name shows.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? saved;
  const rename = useCommandMutation(sessionChannel, 'updateOrganizationName', {
    onSuccess: (organization) => {
      replace(organization);
      setTyped(null);
      showToast(t('settings.organization.nameSaved'));
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (params) rename.mutate({ ...params, name });
  };
  return (
    <Paper component="form" onSubmit={onSave} withBorder p="md" aria-labelledby="organization-name-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="organization-name-title">
          {t('settings.organization.nameTitle')}
        </Title>
        <AdminError error={rename.error} testId="organization-name-error" />
        <TextInput
          label={t('settings.organization.name')}
          value={name}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={ORGANIZATION_NAME_MAX}
          required
          maw={420}
          data-testid="organization-name"
        />
        <Group>
          <Button
            type="submit"
            loading={rename.isPending}
            disabled={!params || name.trim() === '' || name.trim() === saved}
            data-testid="save-organization-name"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
