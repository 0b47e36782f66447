import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { confirmationMatches } from './subscriberProfile.ts';
import type { Subscriber } from './subscriberProfile.ts';
import { useSubscriberCommands } from './useSubscriberCommands.ts';

/**
 * Functional §4: set or reset the invalid flag and the global unsubscribe; and anonymize, which is for
 * good, so it asks for a typed word first.
 */
export function SubscriberActions({ subscriber }: { subscriber: Subscriber }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const { organizationId, status, anonymize } = useSubscriberCommands({
    status: () => showToast(t('subscriber.statusChanged')),
    anonymize: () => {
      setConfirming(false);
      setTyped('');
      showToast(t('subscriber.anonymized'));
    },
  });
  const word = t('subscriber.anonymizeWord');
  const anonymized = subscriber.anonymizedAt !== null;
  const setStatus = (change: { isInvalid?: boolean; isUnsubscribed?: boolean }) =>
    status.mutate({ organizationId, subscriberId: subscriber.id, ...change });

  return (
    <Stack gap="xs" data-testid="subscriber-actions">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          loading={status.isPending && status.variables?.isInvalid !== undefined}
          disabled={anonymized}
          onClick={() => setStatus({ isInvalid: !subscriber.is_invalid })}
          data-testid="toggle-invalid"
        >
          {subscriber.is_invalid ? t('subscriber.markValid') : t('subscriber.markInvalid')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={status.isPending && status.variables?.isUnsubscribed !== undefined}
          disabled={anonymized}
          onClick={() => setStatus({ isUnsubscribed: !subscriber.is_unsubscribed })}
          data-testid="toggle-unsubscribed"
        >
          {subscriber.is_unsubscribed ? t('subscriber.resubscribe') : t('subscriber.unsubscribe')}
        </Button>
        {!anonymized && (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setConfirming(true)}
            data-testid="anonymize"
          >
            {t('subscriber.anonymize')}
          </Button>
        )}
      </Group>
      <RecordsError error={status.error} testId="subscriber-status-error" />
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          setTyped('');
          anonymize.reset();
        }}
        title={t('subscriber.anonymizeTitle')}
        data-testid="anonymize-confirm"
      >
        <Stack>
          <Alert color="red">{t('subscriber.anonymizeWarning')}</Alert>
          <TextInput
            label={t('subscriber.anonymizeType', { word })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            data-testid="anonymize-word"
          />
          <RecordsError error={anonymize.error} testId="anonymize-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!confirmationMatches(typed, word)}
              loading={anonymize.isPending}
              onClick={() => anonymize.mutate({ organizationId, subscriberId: subscriber.id })}
              data-testid="anonymize-confirmed"
            >
              {t('subscriber.anonymizeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
