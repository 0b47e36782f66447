import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import type { BlockedAction } from './useWorkflowAction.tsx';

/**
 * An administrator's override of a targeting rule (docs/workflow.md § Targeting rules): it says what the rule
 * blocked and how many subscribers are outside it (the catalogue's TargetingRuleBlockedError), and asks for the
 * reason the log records. The reason is required; the action is sent again with it.
 */
export function TargetingRuleOverrideDialog({
  blocked,
  pending,
  error,
  onClose,
  onOverride,
}: {
  blocked: BlockedAction | null;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onOverride: (reason: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={blocked !== null}
      onClose={onClose}
      title={t('workflow.override.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="targeting-override-dialog"
    >
      {/* Mounted while open only, so each block starts with an empty reason. */}
      {blocked && (
        <OverrideForm
          blocked={blocked}
          pending={pending}
          error={error}
          onClose={onClose}
          onOverride={onOverride}
        />
      )}
    </Modal>
  );
}

function OverrideForm({
  blocked,
  pending,
  error,
  onClose,
  onOverride,
}: {
  blocked: BlockedAction;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onOverride: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reason.trim() !== '' && !pending) onOverride(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="orange" role="alert" data-testid="targeting-override-block">
          {errorText('TargetingRuleBlockedError', blocked.message)}
        </Alert>
        <Text size="sm">
          {t('workflow.override.explain', { action: t(`workflow.actions.${blocked.params.action}`) })}
        </Text>
        <Textarea
          label={t('workflow.override.reason')}
          description={t('workflow.override.reasonHint')}
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && reason.trim() === '' ? t('workflow.override.reasonRequired') : undefined}
          data-autofocus
          data-testid="targeting-override-reason"
        />
        <RecordsError error={error} testId="targeting-override-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={pending} data-testid="targeting-override-confirm">
            {t('workflow.override.confirm', { action: t(`workflow.actions.${blocked.params.action}`) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
