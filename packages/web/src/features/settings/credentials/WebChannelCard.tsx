import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { WebChannelKeys } from '@herald/protocol';
import { useState } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommand, useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { AdminError } from '../AdminError.tsx';
import { useAdminParams } from '../useAdminCommand.ts';

/** The snippet the organization's site pastes, with its site key in place. */
export function webChannelSnippet(keys: Pick<WebChannelKeys, 'scriptUrl' | 'siteKey'>): string {
  return [
    `<script src="${keys.scriptUrl}"></script>`,
    '<script>',
    `  Herald.show({ siteKey: ${JSON.stringify(keys.siteKey)}, subscriber: SUBSCRIBER_REF, signature: SIGNATURE });`,
    '</script>',
  ].join('\n');
}

/**
 * The web channel's keys (docs/architecture.md § The web channel): the public site key, the identity secret (in
 * full only when just made or replaced, then as a mask) with its regeneration, and the snippet for the
 * organization's site.
 */
export function WebChannelCard() {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const params = useAdminParams();
  const keys = useCommand(sessionChannel, 'getWebChannel', params, { staleTime: Infinity });
  const [fresh, setFresh] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useCommandMutation(sessionChannel, 'regenerateWebChannelSecret', {
    onSuccess: (answer) => {
      setFresh(answer.identitySecret);
      setConfirming(false);
      showToast(t('settings.webChannel.regenerated'));
    },
  });
  const current = regenerate.data ?? keys.data;
  const secret = fresh ?? keys.data?.identitySecret;
  return (
    <Paper withBorder p="md" data-testid="web-channel">
      <Stack>
        <Title order={2} size="h3">
          {t('settings.webChannel.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.webChannel.intro')}
        </Text>
        <AdminError error={keys.error} testId="web-channel-error" />
        {keys.isPending && !keys.isError && <Skeleton height={120} />}
        {current && (
          <>
            <TextInput
              label={t('settings.webChannel.siteKey')}
              value={current.siteKey}
              readOnly
              data-testid="web-channel-site-key"
            />
            {secret ? (
              <Alert
                color="yellow"
                title={t('settings.webChannel.secretOnce')}
                data-testid="web-channel-secret"
              >
                <Code block>{secret}</Code>
              </Alert>
            ) : (
              <TextInput
                label={t('settings.webChannel.identitySecret')}
                value={current.secretHint}
                readOnly
                data-testid="web-channel-secret-hint"
              />
            )}
            <Group>
              <Button
                variant="default"
                onClick={() => setConfirming(true)}
                data-testid="web-channel-regenerate"
              >
                {t('settings.webChannel.regenerate')}
              </Button>
            </Group>
            <Text size="sm" fw={600}>
              {t('settings.webChannel.snippet')}
            </Text>
            <Code block data-testid="web-channel-snippet">
              {webChannelSnippet(current)}
            </Code>
            <Text size="sm" c="dimmed">
              {t('settings.webChannel.snippetHint')}
            </Text>
          </>
        )}
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          regenerate.reset();
        }}
        title={t('settings.webChannel.regenerateTitle')}
      >
        <Stack>
          <Text size="sm">{t('settings.webChannel.regenerateWarning')}</Text>
          <AdminError error={regenerate.error} testId="web-channel-regenerate-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={regenerate.isPending}
              onClick={() => params && regenerate.mutate(params)}
              data-testid="web-channel-regenerate-confirmed"
            >
              {t('settings.webChannel.regenerateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
