import type { ActivityStatus, Channel } from '@herald/protocol';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ChannelIcon } from './ChannelIcon.tsx';

const STATUS_COLORS: Record<ActivityStatus, string> = {
  draft: 'gray',
  checking: 'blue',
  checked: 'cyan',
  approvalRequested: 'yellow',
  approved: 'teal',
  rejected: 'red',
  scheduled: 'indigo',
  deploying: 'violet',
  suspended: 'orange',
  deployed: 'green',
  cancelled: 'dark',
  failed: 'red',
};

/** An activity's workflow status (PROTOCOL §8) as a badge. */
export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="activity-status" data-status={status}>
      {t(`activities.statuses.${status}`)}
    </Badge>
  );
}

/** A channel's icon and name. */
export function ChannelLabel({ channel, size = 'sm' }: { channel: Channel; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" data-testid="activity-channel" data-channel={channel}>
      <ChannelIcon channel={channel} size={size} />
      <Text size="sm">{t(`activities.channels.${channel}.name`)}</Text>
    </Group>
  );
}
