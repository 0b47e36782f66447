import type { ActivityStatus } from '@herald/protocol';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ActivityStatusBadge } from './ActivityBadges.tsx';
import { DeploymentProgress } from './DeploymentProgress.tsx';

/**
 * An activity's workflow status in a list, as it is now (the list is live): the badge, a spinner while its
 * checks run, when it is scheduled the time its deployment starts, and while it sends its run's progress.
 */
export function ActivityLiveStatus({
  activityId,
  status,
  scheduledAt,
}: {
  activityId: number;
  status: ActivityStatus;
  /** When a scheduled activity's deployment starts (scheduledTimes), if known. */
  scheduledAt: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} data-testid="activity-live-status">
      <Group gap={6} wrap="nowrap">
        <ActivityStatusBadge status={status} />
        {status === 'checking' && (
          <Loader
            size={14}
            role="status"
            aria-label={t('campaigns.live.checking')}
            data-testid="activity-checking"
          />
        )}
      </Group>
      <DeploymentProgress activityId={activityId} status={status} compact />
      {status === 'scheduled' && scheduledAt && (
        <Text size="xs" c="dimmed" data-testid="activity-scheduled-at" data-at={scheduledAt}>
          {t('campaigns.live.scheduledFor', { time: displayDateTime(scheduledAt, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}
