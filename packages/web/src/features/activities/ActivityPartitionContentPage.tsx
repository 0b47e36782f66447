import type { ActivityRecord } from '@herald/protocol';
import { PUBLISHED_CONTENT_BLOCKS_QUERY } from '@herald/protocol';
import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { commandKey, useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { subscriptionsFor } from '../../platform/list/recordSubscriptions.ts';
import { usePartitions } from '../../platform/list/usePartitionOptions.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { ActivityHeader } from './ActivityHeader.tsx';
import { ActivityProblem } from './ActivityProblem.tsx';
import { activityPagePath } from './activityPaths.ts';
import type { ActivityPlace } from './activityPaths.ts';
import { visiblePartitions } from './partitionContent.ts';
import { PartitionContentCard } from './PartitionContentCard.tsx';
import { useActivityFromPath } from './useActivityFromPath.ts';

/** As many published assets as a partition's opt-in picker offers (the query's limit for blocks, too). */
const OFFERED_ASSET_LIMIT = 100;
/** Assets are offered in name order, as blocks are. */
const BY_NAME = { field: 'name', order: 'asc' } as const;

/**
 * `activity/partition/{id}` (and `campaign/{campaignId}/partition/{id}`): the activity's partition content
 * (functional §3 Activity), one card per partition of the activity the user may see (a restricted user, theirs).
 */
export default function ActivityPartitionContentPage() {
  const loaded = useActivityFromPath();
  if (loaded.state !== 'found') return <ActivityProblem loaded={loaded} />;
  return <PartitionContentScreen activity={loaded.activity} place={loaded.place} />;
}

function PartitionContentScreen({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const canWrite = useResourceAccess('activity').canWrite;
  const readOnly = !canWrite || activity.isArchived;
  const partitions = usePartitions();
  const readParams = { organizationId: organization.organizationId, activityId: activity.id };
  const content = useCommand(organization.channel, 'getActivityPartitionContent', readParams, {
    retry: false,
  });
  usePartitionContentLive(activity.id);
  const { query, ...window } = PUBLISHED_CONTENT_BLOCKS_QUERY;
  const blocks = useRecords('contentBlock', { filter: query.filter, ...window, offset: 0 });
  const assets = useRecords('asset', {
    filter: { view: 'published' },
    sortKey: BY_NAME.field,
    sortOrder: BY_NAME.order,
    limit: OFFERED_ASSET_LIMIT,
    offset: 0,
  });
  const shown = visiblePartitions(
    activity.partitionIds,
    (partitions.data?.records ?? []).map((partition) => ({
      id: Number(partition.id),
      name: String(partition.name ?? partition.id),
    })),
  );
  const settingsLink = (
    <Anchor
      component={Link}
      to={activityPagePath(place, 'edit', activity.id)}
      data-testid="partition-settings-link"
    >
      {t('partitionContent.settingsLink')}
    </Anchor>
  );

  let body;
  if (activity.partitionIds.length === 0)
    body = (
      <Alert
        color="gray"
        title={t('partitionContent.noPartitionsTitle')}
        data-testid="partition-content-empty"
      >
        <Stack gap="xs">
          <Text size="sm">{t('partitionContent.noPartitions')}</Text>
          {settingsLink}
        </Stack>
      </Alert>
    );
  else if (partitions.error || content.error)
    body = <RecordsError error={partitions.error ?? content.error} testId="partition-content-error" />;
  else if (partitions.isPending || content.isPending) body = <Skeleton height={200} />;
  else if (shown.length === 0)
    body = (
      <Alert color="gray" data-testid="partition-content-none-yours">
        {t('partitionContent.noneYours')}
      </Alert>
    );
  else
    body = shown.map((partition) => (
      <PartitionContentCard
        key={partition.id}
        activity={activity}
        partition={partition}
        stored={content.data.partitionContent.find((entry) => entry.partitionId === partition.id)}
        blocks={blocks.data?.records ?? []}
        assets={(assets.data?.records ?? []).map((asset) => ({ id: asset.id, name: asset.name }))}
        readOnly={readOnly}
      />
    ));

  return (
    <Stack data-testid="partition-content-page" data-activity-id={activity.id}>
      <ActivityHeader activity={activity} place={place} />
      <Text size="sm" c="dimmed">
        {t('partitionContent.intro')}
      </Text>
      {activity.isArchived && (
        <Alert color="yellow" data-testid="partition-content-archived">
          {t('partitionContent.archived')}
        </Alert>
      )}
      <RecordsError error={blocks.error ?? assets.error} testId="partition-content-choices-error" />
      {body}
    </Stack>
  );
}

/**
 * Keeps the activity's partition content live: a change of it (by anyone) is announced as a push of the
 * activity, on which the content is read again. A card with changes of its own keeps them (PartitionContentCard).
 */
function usePartitionContentLive(activityId: number): void {
  const organization = useCurrentOrganization()!;
  const queryClient = useQueryClient();
  const { channel, organizationId } = organization;
  useEffect(
    () =>
      subscriptionsFor(channel, organizationId).listen('activity', (push) => {
        if (!push.records.some((record) => record.id === activityId)) return;
        const readParams = { organizationId, activityId };
        void queryClient.invalidateQueries({
          queryKey: commandKey(channel, 'getActivityPartitionContent', readParams),
        });
      }),
    [channel, organizationId, activityId, queryClient],
  );
}
