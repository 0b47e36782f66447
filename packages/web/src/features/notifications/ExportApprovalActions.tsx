import { Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { isChannelError } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { PaneNotification } from './notificationFilters.ts';

/** The message key of an export waiting for two-person approval (its text: notifications.messages.…). */
export const EXPORT_APPROVAL_MESSAGE_KEY = 'exportApproval';

export function isExportApproval(notification: PaneNotification): boolean {
  return (
    notification.messageKey === EXPORT_APPROVAL_MESSAGE_KEY &&
    notification.recordType === 'job' &&
    notification.recordId !== null &&
    /^\d+$/.test(notification.recordId)
  );
}

/**
 * Approve or refuse an export from its notification (approveExport on the organization channel). From
 * another organization the pane links to that organization's exports instead.
 */
export function ExportApprovalActions({ notification }: { notification: PaneNotification }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (organization === null || organization.organizationId !== notification.organizationId) {
    return notification.organizationId === null ? null : (
      <Anchor component={Link} to={`/${notification.organizationId}/export`} size="xs">
        {t('notifications.openExports')}
      </Anchor>
    );
  }
  const decide = async (approve: boolean) => {
    setState('busy');
    setError(null);
    try {
      await organization.channel.request('approveExport', {
        organizationId: organization.organizationId,
        jobId: Number(notification.recordId),
        approve,
      });
      setState('done');
      showToast(approve ? t('notifications.exportApproved') : t('notifications.exportRefused'));
    } catch (caught) {
      setState('idle');
      setError(
        isChannelError(caught) ? errorText(caught.type, caught.message) : errorText('ApplicationError'),
      );
    }
  };
  if (state === 'done') return null;
  return (
    <Group gap="xs" mt={4} data-testid="export-approval-actions">
      <Button size="compact-xs" color="teal" loading={state === 'busy'} onClick={() => void decide(true)}>
        {t('notifications.approve')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        disabled={state === 'busy'}
        onClick={() => void decide(false)}
      >
        {t('notifications.refuse')}
      </Button>
      {error && (
        <Anchor component="span" size="xs" c="red" role="alert">
          {error}
        </Anchor>
      )}
    </Group>
  );
}
