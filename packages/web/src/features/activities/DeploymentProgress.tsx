import type { ActivityStatus } from '@herald/protocol';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../platform/list/useRecords.ts';

/** The newest run first: the `deploymentRun` query's sort. */
const STARTED_AT = 'startedAt';
const NEWEST_RUN = { sortKey: STARTED_AT, sortOrder: 'desc' as const };

/** The statuses in which an activity has a run worth showing the progress of. */
const SENDING: ReadonlySet<ActivityStatus> = new Set(['deploying', 'suspended']);

/**
 * The progress of an activity's newest deployment run, live (`deploymentRun` is pushed twice a second while it
 * sends): sent of its recipients as a bar, with failures and what a rule left out, and when a run waiting
 * through quiet hours goes on. Shown while the activity is deploying or suspended.
 */
export function DeploymentProgress({
  activityId,
  status,
  compact = false,
}: {
  activityId: number;
  status: ActivityStatus;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const runs = useRecords(
    'deploymentRun',
    SENDING.has(status) ? { filter: { activityId }, limit: 1, offset: 0, ...NEWEST_RUN } : null,
  );
  const run = runs.data?.records[0];
  if (!SENDING.has(status) || !run) return null;
  const done = run.sent + run.failed;
  const percent = run.recipients > 0 ? Math.min(100, (done / run.recipients) * 100) : 100;
  const numbers = {
    sent: run.sent.toLocaleString(i18n.language),
    recipients: run.recipients.toLocaleString(i18n.language),
    failed: run.failed.toLocaleString(i18n.language),
    suppressed: run.suppressed.toLocaleString(i18n.language),
  };
  return (
    <Stack gap={2} data-testid="deployment-progress" data-run-status={run.status} data-sent={run.sent}>
      <Progress
        value={percent}
        size={compact ? 'sm' : 'md'}
        aria-label={t('activities.progress.label', numbers)}
        color={run.failed > 0 ? 'orange' : 'teal'}
        animated={run.status === 'sending'}
      />
      <Group gap="xs">
        <Text size="xs" data-testid="deployment-progress-text">
          {t('activities.progress.sent', numbers)}
        </Text>
        {run.failed > 0 && (
          <Text size="xs" c="red.8">
            {t('activities.progress.failed', numbers)}
          </Text>
        )}
        {!compact && run.suppressed > 0 && (
          <Text size="xs" c="dimmed">
            {t('activities.progress.suppressed', numbers)}
          </Text>
        )}
        {run.status === 'waiting' && run.resumesAt && (
          <Text size="xs" c="dimmed" data-testid="deployment-waiting">
            {t('activities.progress.waiting', { time: displayDateTime(run.resumesAt, i18n.language) })}
          </Text>
        )}
        {run.status === 'snapshotting' && (
          <Text size="xs" c="dimmed">
            {t('activities.progress.snapshotting')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
