import type { ActivityRecord } from '@herald/protocol';
import { Anchor, Code, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecord } from '../../platform/list/useRecords.ts';
import { useSendingSettings } from '../../platform/organization/useSendingSettings.ts';
import { campaignPagePath } from './activityPaths.ts';
import { delayOf } from './activitySettings.ts';

/** The activity at a glance: its campaign, when and how it goes out, its limits, target, partitions and notes. */
export function ActivitySummary({
  activity,
  organizationId,
}: {
  activity: ActivityRecord;
  organizationId: number;
}) {
  const { t, i18n } = useTranslation();
  const campaign = useRecord('campaign', activity.campaignId).record;
  // On the organization's clock, as the schedule step shows it, whatever the viewer's zone.
  const { timeZone } = useSendingSettings();
  const figure = (value: number | null, none: string) =>
    value === null ? none : exactFigure(value, i18n.language);
  const rows: Array<{ label: string; value: ReactNode; testId: string }> = [
    {
      label: t('activities.fields.campaign'),
      testId: 'summary-campaign',
      value: (
        <Anchor component={Link} to={campaignPagePath(organizationId, activity.campaignId)}>
          {campaign?.name ?? t('activities.campaignNumber', { id: activity.campaignId })}
        </Anchor>
      ),
    },
    {
      label: t('activities.fields.date'),
      testId: 'summary-date',
      value: activity.date
        ? `${displayDateTime(activity.date, i18n.language, timeZone)} (${timeZone})`
        : t('activities.noDate'),
    },
    {
      label: t('activities.settings.distribution'),
      testId: 'summary-distribution',
      value: distributionText(activity, t),
    },
    {
      label: t('activities.settings.frequency'),
      testId: 'summary-frequency',
      value:
        activity.frequency.type === 'every'
          ? activity.frequency.days === 1
            ? t('activities.frequencyEveryDay')
            : t('activities.frequencyEvery', { count: activity.frequency.days ?? 1 })
          : t(`activities.frequencies.${activity.frequency.type}`),
    },
    {
      label: t('activities.settings.sendLimit'),
      testId: 'summary-send-limit',
      value: figure(activity.sendLimit, t('activities.noLimit')),
    },
    {
      label: t('activities.settings.throttle'),
      testId: 'summary-throttle',
      value:
        activity.throttle === null
          ? t('activities.noThrottle')
          : t('activities.throttlePerMinute', { count: figure(activity.throttle, '') }),
    },
    {
      label: t('activities.settings.target'),
      testId: 'summary-target',
      value: activity.target ? <Code>{activity.target}</Code> : t('activities.noTarget'),
    },
    {
      label: t('activities.settings.partitions'),
      testId: 'summary-partitions',
      value:
        activity.partitionIds.length > 0 ? activity.partitionIds.join(', ') : t('activities.allPartitions'),
    },
    {
      label: t('activities.fields.lastSaved'),
      testId: 'summary-updated',
      value: displayDateTime(activity.updatedAt, i18n.language),
    },
  ];
  return (
    <Paper withBorder p="md" data-testid="activity-summary">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {rows.map((row) => (
            <div key={row.testId} data-testid={row.testId}>
              <Text size="xs" c="dimmed">
                {row.label}
              </Text>
              <Text size="sm" component="div">
                {row.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {activity.notes && (
          <div data-testid="summary-notes">
            <Text size="xs" c="dimmed">
              {t('activities.settings.notes')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {activity.notes}
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** "Event: Opened, 2 hours after", "Scheduled: Weekly", "Broadcast". */
function distributionText(
  activity: ActivityRecord,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const { distribution } = activity;
  const type = t(`activities.distributions.${distribution.type}`);
  if (distribution.type === 'scheduled' && distribution.interval)
    return `${type}: ${t(`activities.intervals.${distribution.interval}`)}`;
  if (distribution.type === 'event' && distribution.event) {
    const event = t(`activities.events.${distribution.event}`);
    if (!distribution.delayMinutes) return `${type}: ${event}`;
    const delay = delayOf(distribution.delayMinutes);
    return `${type}: ${event}, ${t(`activities.delayAfter.${delay.unit}`, { count: delay.amount })}`;
  }
  return type;
}
