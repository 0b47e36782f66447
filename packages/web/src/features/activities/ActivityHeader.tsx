import { DeploymentProgress } from './DeploymentProgress.tsx';
import type { ActivityRecord } from '@herald/protocol';
import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { ActivityStatusBadge, ChannelLabel } from './ActivityBadges.tsx';
import { activityPagePath, campaignPagePath } from './activityPaths.ts';
import type { ActivityPage, ActivityPlace } from './activityPaths.ts';

/** The statuses of an activity that has been deployed, whose report has something to show. */
const REPORTED_STATUSES: readonly ActivityRecord['status'][] = [
  'deploying',
  'suspended',
  'deployed',
  'cancelled',
  'failed',
];

/**
 * The head of an activity's pages: the way back to its campaign, its name, channel and status, and links to
 * its other pages (summary and history, settings, the editor, partition content, sending errors), the current one marked.
 */
export function ActivityHeader({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const editable = useResourceAccess('activity').canWrite;
  const pages: ReadonlyArray<{ page: ActivityPage; label: string }> = [
    { page: 'view', label: t('activities.pages.view') },
    { page: 'edit', label: editable ? t('activities.pages.edit') : t('activities.pages.settings') },
    { page: 'editor', label: t('activities.pages.editor') },
    { page: 'partition', label: t('partitionContent.pageLink') },
    { page: 'viewerror', label: t('activities.pages.viewerror') },
    // The report (docs/architecture.md § Reports), once the activity has been deployed.
    ...(REPORTED_STATUSES.includes(activity.status)
      ? [{ page: `${activity.type}report` as const, label: t('activities.pages.report') }]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={campaignPagePath(place.organizationId, activity.campaignId)} size="sm">
        {t('activities.backToCampaign')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} data-testid="activity-title">
            {activity.name}
          </Title>
          <Group gap="xs">
            <ChannelLabel channel={activity.type} />
            <ActivityStatusBadge status={activity.status} />
            {activity.isArchived && (
              <Badge color="dark" variant="light" data-testid="activity-archived">
                {t('activities.archivedBadge')}
              </Badge>
            )}
          </Group>
          <DeploymentProgress activityId={activity.id} status={activity.status} />
        </Stack>
        <Group gap="xs" component="nav" aria-label={t('activities.pagesLabel')}>
          {pages.map(({ page, label }) => {
            const to = activityPagePath(place, page, activity.id);
            const current = pathname === to;
            return (
              <Button
                key={page}
                component={Link}
                to={to}
                size="xs"
                variant={current ? 'filled' : 'default'}
                aria-current={current ? 'page' : undefined}
                data-testid={`activity-page-${page}`}
              >
                {label}
              </Button>
            );
          })}
        </Group>
      </Group>
    </Stack>
  );
}
