import { Anchor, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { currentRoute } from '../../platform/guards/routeHandle.ts';
import { useRouteMatches } from '../../platform/guards/routeMatches.tsx';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';
import { pathId } from '../../platform/list/pathId.ts';
import { ResourceListPage } from '../../platform/list/ResourceListPage.tsx';
import type { TypedRecord } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { ActivityStatusBadge, ChannelLabel } from './ActivityBadges.tsx';
import { ACTIVITY_VIEWS, activityViewFilter, readActivityView } from './activityList.ts';
import { activityPagePath } from './activityPaths.ts';

const activityListDefinition: ListDefinition = {
  filters: ACTIVITY_VIEWS,
  sortKeys: ['updatedAt', 'name', 'date', 'createdAt'],
};

/**
 * `activity/partition/{id}` (and `campaign/{campaignId}/partition/{id}`): the activities of one partition, of
 * every campaign or of the one in the address, by view, as any list screen (search, sort, grid or list, pages).
 */
export default function ActivityPartitionPage() {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization();
  const shown = currentRoute(useRouteMatches());
  const campaignId = pathId(useParams().campaignId) ?? undefined;
  const place = { organizationId: organization?.organizationId ?? 0, campaignId: campaignId ?? null };
  const nameLink = (activity: TypedRecord<'activity'>) => (
    <Anchor component={Link} to={activityPagePath(place, 'view', activity.id)} data-testid="activity-name">
      {activity.name}
    </Anchor>
  );
  const queryFilter = (params: ListParams) =>
    activityViewFilter(readActivityView(params.filter), {
      ...(campaignId !== undefined ? { campaignId } : {}),
      ...(params.partition !== null ? { partitionId: params.partition } : {}),
    });
  return (
    <ResourceListPage
      type="activity"
      definition={activityListDefinition}
      queryFilter={queryFilter}
      queryKey="activities-list"
      labels="activities"
      partitionRoute={shown?.route.id ?? 'activity-partition'}
      item="activity"
      testId="activities-page"
      card={(activity) => (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            {nameLink(activity)}
            <ActivityStatusBadge status={activity.status} />
          </Group>
          <ChannelLabel channel={activity.type} />
          <Text size="sm" c="dimmed" mt="xs">
            {activity.date ? displayDateTime(activity.date, i18n.language) : t('activities.noDate')}
          </Text>
        </>
      )}
      tableMinWidth={720}
      columns={[
        {
          header: t('activities.fields.channel'),
          cell: (activity) => <ChannelLabel channel={activity.type} />,
        },
        { header: t('activities.fields.name'), cell: nameLink },
        {
          header: t('activities.fields.status'),
          cell: (activity) => <ActivityStatusBadge status={activity.status} />,
        },
        {
          header: t('activities.fields.date'),
          cell: (activity) =>
            activity.date ? displayDateTime(activity.date, i18n.language) : t('activities.noDate'),
        },
        {
          header: t('activities.fields.lastSaved'),
          cell: (activity) => displayDateTime(activity.updatedAt, i18n.language),
        },
      ]}
    />
  );
}
