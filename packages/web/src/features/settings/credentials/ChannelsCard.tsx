import { Button, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  PROVIDER_CHANNELS,
  credentialTypesFor,
  type ChannelCredentials,
  type Credential,
  type ProviderChannel,
} from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams, useRefetchAdmin } from '../useAdminCommand.ts';

/** The choice of no provider for a channel. */
const NONE = 'none';

/**
 * Each channel's provider (organization settings `channelCredentials`): the credential, of a type that serves
 * the channel, whose base URL and secret the channel's messages go out with.
 */
export function ChannelsCard({
  credentials,
  saved,
}: {
  credentials: readonly Credential[];
  saved: ChannelCredentials;
}) {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const refetch = useRefetchAdmin();
  const [form, setForm] = useState<ChannelCredentials>(saved);
  const update = useCommandMutation(sessionChannel, 'updateChannelCredentials', {
    onSuccess: (result) => {
      setForm(result.channelCredentials);
      showToast(t('settings.credentials.channelsSaved'));
      void refetch('listCredentials');
    },
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const channelCredentials = Object.fromEntries(
      PROVIDER_CHANNELS.map((channel) => [channel, form[channel] ?? null]),
    );
    if (params) update.mutate({ ...params, channelCredentials });
  };
  const choicesFor = (channel: ProviderChannel) => {
    const types: string[] = credentialTypesFor(channel);
    return [
      { value: NONE, label: t('settings.credentials.noProvider') },
      ...credentials
        .filter((credential) => types.includes(credential.type))
        .map((credential) => ({ value: String(credential.id), label: credential.alias })),
    ];
  };
  return (
    <Paper component="form" onSubmit={onSave} withBorder p="md" data-testid="channel-credentials">
      <Stack>
        <Title order={2} size="h3">
          {t('settings.credentials.channelsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.credentials.channelsIntro')}
        </Text>
        <AdminError error={update.error} testId="channel-credentials-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PROVIDER_CHANNELS.map((channel) => (
            <Select
              key={channel}
              label={t(`settings.credentials.channels.${channel}`)}
              data={choicesFor(channel)}
              value={form[channel] ? String(form[channel]) : NONE}
              onChange={(value) =>
                setForm({ ...form, [channel]: value && value !== NONE ? Number(value) : null })
              }
              allowDeselect={false}
              data-testid={`channel-credential-${channel}`}
            />
          ))}
        </SimpleGrid>
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
