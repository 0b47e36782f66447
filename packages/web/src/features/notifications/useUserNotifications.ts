import { NOTIFICATION_LIMIT } from '@herald/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCommand } from '../../platform/data/useCommand.ts';
import { dataPlaneChannel, listRecords } from '../../platform/data/pendingCommands.ts';
import type { DataPlaneSessionCommands } from '../../platform/data/pendingCommands.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { notificationFilterParam, readNotification } from './notificationFilters.ts';
import type { NotificationFilters, PaneNotification } from './notificationFilters.ts';

/** New workflow notifications are looked for this often (there is no notification push yet). */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * The user's notifications (getUserNotifications, the newest NOTIFICATION_LIMIT), with the pane's filters
 * sent along. `poll` asks again every 60 s; a `notification` push on the session channel, should the server
 * send one, asks at once.
 */
export function useUserNotifications(
  filters: NotificationFilters,
  options: { poll?: boolean; enabled?: boolean } = {},
) {
  const { sessionChannel } = usePlatform();
  const { sessionId } = useSession();
  const queryClient = useQueryClient();
  const channel = dataPlaneChannel<DataPlaneSessionCommands>(sessionChannel);
  const result = useCommand(
    channel,
    'getUserNotifications',
    sessionId && options.enabled !== false
      ? { sessionId, limit: NOTIFICATION_LIMIT, offset: 0, filter: notificationFilterParam(filters) }
      : null,
    { refetchInterval: options.poll ? NOTIFICATION_POLL_MS : false },
  );
  useEffect(
    () =>
      sessionChannel.onPush((frame) => {
        if (frame.event === 'notification' || frame.event === 'notifications') {
          void queryClient.invalidateQueries({ queryKey: [sessionChannel.key, 'getUserNotifications'] });
        }
      }),
    [sessionChannel, queryClient],
  );
  const notifications: PaneNotification[] = listRecords(result.data).records.map(readNotification);
  return { ...result, notifications };
}
