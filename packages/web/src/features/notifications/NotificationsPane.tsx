import {
  ActionIcon,
  Alert,
  Badge,
  Checkbox,
  Drawer,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { NOTIFICATION_KINDS, WORKFLOW_NOTIFICATION_FADE_MS } from '@herald/protocol';
import type { NotificationKind, NotificationScope } from '@herald/protocol';
import { useEffect, useRef, useState } from 'react';
import { useValueStore } from '../../platform/appState/valueStore.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { isUnknownCommand } from '../../platform/data/pendingCommands.ts';
import { formatDateTime } from '../../platform/i18n/formatDateTime.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useSession } from '../../platform/session/useSession.ts';
import {
  defaultNotificationFilters,
  matchesFilters,
  newWorkflowNotifications,
  notificationKind,
  toggleKind,
} from './notificationFilters.ts';
import type { NotificationFilters, PaneNotification } from './notificationFilters.ts';
import { ExportApprovalActions, isExportApproval } from './ExportApprovalActions.tsx';
import { notificationPaneState } from './notificationPaneState.ts';
import { useUserNotifications } from './useUserNotifications.ts';

/**
 * The header's bell, the notifications pane it opens (functional §2: from me or all organizations; proofs,
 * extracts, checks, approvals, sends) and the toast for each new workflow notification, which fades after
 * 8000 ms. New ones are found by polling every 60 s.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useValueStore(notificationPaneState);
  useWorkflowAnnouncements();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('notifications.open')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="notifications-bell"
      >
        <BellIcon />
      </ActionIcon>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        title={t('notifications.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="notifications-pane"
      >
        {open && <NotificationsList />}
      </Drawer>
    </>
  );
}

function NotificationsList() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const text = useNotificationText();
  const { id: userId } = useSession();
  const [filters, setFilters] = useState<NotificationFilters>(defaultNotificationFilters);
  const result = useUserNotifications(filters);
  const shown = result.notifications.filter((notification) => matchesFilters(notification, filters, userId));
  return (
    <Stack>
      <SegmentedControl
        fullWidth
        value={filters.scope}
        onChange={(scope) => setFilters((current) => ({ ...current, scope: scope as NotificationScope }))}
        data={[
          { value: 'me', label: t('notifications.fromMe') },
          { value: 'all', label: t('notifications.allOrganizations') },
        ]}
        data-testid="notifications-scope"
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="notifications-kinds">
        <Text component="legend" size="sm" fw={500}>
          {t('notifications.kinds')}
        </Text>
        <Group gap="sm" mt={4}>
          {NOTIFICATION_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              checked={filters.kinds.includes(kind)}
              label={kindLabel(t, kind)}
              onChange={() => setFilters((current) => toggleKind(current, kind))}
              data-testid={`notifications-kind-${kind}`}
            />
          ))}
        </Group>
      </fieldset>
      {result.isPending ? (
        <Stack gap="xs" aria-busy="true" data-testid="notifications-loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={48} />
          ))}
        </Stack>
      ) : result.isError && !isUnknownCommand(result.error) ? (
        <Alert color="red" data-testid="notifications-error">
          {errorText(result.error.type, result.error.message)}
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" data-testid="notifications-empty">
          {t('notifications.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((notification) => {
            const kind = notificationKind(notification.kind);
            return (
              <li
                key={notification.id}
                data-testid="notification"
                data-kind={kind ?? notification.kind ?? ''}
              >
                <Group gap="xs" wrap="nowrap" align="start">
                  {kind && (
                    <Badge size="sm" variant="light">
                      {kindLabel(t, kind)}
                    </Badge>
                  )}
                  <Stack gap={0}>
                    <Text size="sm">{text(notification)}</Text>
                    <Text size="xs" c="dimmed">
                      {[
                        notification.actor,
                        notification.organizationName,
                        formatDateTime(notification.createdAt, i18n.language),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {isExportApproval(notification) && <ExportApprovalActions notification={notification} />}
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function kindLabel(t: (key: string) => string, kind: NotificationKind): string {
  switch (kind) {
    case 'proofs':
      return t('notifications.kind.proofs');
    case 'extracts':
      return t('notifications.kind.extracts');
    case 'checks':
      return t('notifications.kind.checks');
    case 'approvals':
      return t('notifications.kind.approvals');
    case 'sends':
      return t('notifications.kind.sends');
  }
}

/** Polls every 60 s and shows each workflow notification new since the last look for 8000 ms. */
function useWorkflowAnnouncements() {
  const { t } = useTranslation();
  const text = useNotificationText();
  const result = useUserNotifications(defaultNotificationFilters, { poll: true });
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!result.data) return;
    for (const notification of newWorkflowNotifications(known.current, result.notifications)) {
      const kind = notificationKind(notification.kind);
      toasts.show({
        id: `workflow-notification-${notification.id}`,
        title: kind ? kindLabel(t, kind) : t('notifications.title'),
        message: <span data-testid="workflow-notification">{text(notification)}</span>,
        autoClose: WORKFLOW_NOTIFICATION_FADE_MS,
      });
    }
    known.current = new Set(result.notifications.map((notification) => notification.id));
    // The notifications are read from result.data; t only labels them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result.data]);
}

/** A notification's text: its message key translated under notifications.messages, else the English given. */
function useNotificationText(): (notification: PaneNotification) => string {
  const { t } = useTranslation();
  return (notification) =>
    notification.messageKey
      ? t(`notifications.messages.${notification.messageKey}`, {
          ...notification.messageValues,
          defaultValue: notification.message || notification.messageKey,
        })
      : notification.message;
}

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
