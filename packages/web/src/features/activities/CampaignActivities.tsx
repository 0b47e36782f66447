import { PAGE_LIMIT } from '@herald/protocol';
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ListPagination, ListSkeleton, RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useOverlayLink } from '../../platform/overlay/overlay.ts';
import { useResourceAccess } from '../../platform/resources/useResourceAccess.ts';
import { ChannelLabel } from './ActivityBadges.tsx';
import { ActivityLiveStatus } from './ActivityLiveStatus.tsx';
import { ACTIVITY_VIEW_PARAM, ACTIVITY_VIEWS, activityViewFilter, readActivityView } from './activityList.ts';
import { activityPagePath } from './activityPaths.ts';
import { useScheduledTimes } from './useScheduledTimes.ts';

/** A campaign's activities, the one changed last first. */
const NEWEST_CHANGE_FIRST = { field: 'updatedAt', order: 'desc' } as const;

/**
 * A campaign's activities on its page (functional §2): channel, name, status (live, with a spinner while checks
 * run and the start of a scheduled deployment), date and when last saved, by view
 * (all, recent, deployed, modified, archived; the view in the query string), newest change first, live. An
 * empty campaign says so and offers "New activity" (`campaign/{campaignId}/new`, over this page).
 */
export function CampaignActivities({
  organizationId,
  campaignId,
  campaignArchived,
}: {
  organizationId: number;
  campaignId: number;
  campaignArchived: boolean;
}) {
  const { t, i18n } = useTranslation();
  const overlayLink = useOverlayLink();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readActivityView(searchParams.get(ACTIVITY_VIEW_PARAM));
  const [page, setPage] = useState(1);
  const canCreate = useResourceAccess('activity').canWrite && !campaignArchived;
  const result = useRecords('activity', {
    filter: activityViewFilter(view, { campaignId }),
    limit: PAGE_LIMIT,
    offset: (page - 1) * PAGE_LIMIT,
    sortKey: NEWEST_CHANGE_FIRST.field,
    sortOrder: NEWEST_CHANGE_FIRST.order,
  });
  const records = result.data?.records ?? [];
  const scheduledAt = useScheduledTimes(records);
  const place = { organizationId, campaignId };
  const newLink = overlayLink(`/${organizationId}/campaign/${campaignId}/new`);
  const changeView = (next: string) => {
    setPage(1);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'all') params.delete(ACTIVITY_VIEW_PARAM);
        else params.set(ACTIVITY_VIEW_PARAM, next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Stack data-testid="campaign-activities" aria-busy={result.isFetching}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('campaigns.activities')}
        </Title>
        {canCreate && (
          <Button component={Link} to={newLink} data-testid="new-activity">
            {t('activities.new')}
          </Button>
        )}
      </Group>
      <SegmentedControl
        value={view}
        onChange={changeView}
        data={ACTIVITY_VIEWS.map((value) => ({ value, label: t(`activities.views.${value}`) }))}
        aria-label={t('activities.viewLabel')}
        data-testid="activity-views"
        w="fit-content"
      />
      <RecordsError error={result.error} testId="activities-error" />
      {result.isPending ? (
        <ListSkeleton view="list" />
      ) : records.length === 0 ? (
        <Card withBorder p="xl" data-testid="campaign-activities-empty">
          <Stack align="center" gap="xs">
            <Text fw={600}>{view === 'all' ? t('campaigns.noActivities') : t('activities.noneInView')}</Text>
            {view === 'all' && (
              <Text size="sm" c="dimmed">
                {t('activities.emptyHint')}
              </Text>
            )}
            {view === 'all' && canCreate && (
              <Button component={Link} to={newLink} variant="light" data-testid="new-activity-empty">
                {t('activities.createFirst')}
              </Button>
            )}
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="activity-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activities.fields.channel')}</Table.Th>
                <Table.Th>{t('activities.fields.name')}</Table.Th>
                <Table.Th>{t('activities.fields.status')}</Table.Th>
                <Table.Th>{t('activities.fields.date')}</Table.Th>
                <Table.Th>{t('activities.fields.lastSaved')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('activities.fields.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((activity) => (
                <Table.Tr key={activity.id} data-testid="activity-row" data-activity-id={activity.id}>
                  <Table.Td>
                    <ChannelLabel channel={activity.type} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={activityPagePath(place, 'view', activity.id)}
                      data-testid="activity-name"
                    >
                      {activity.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ActivityLiveStatus
                      activityId={activity.id}
                      status={activity.status}
                      scheduledAt={scheduledAt.get(activity.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {activity.date ? displayDateTime(activity.date, i18n.language) : t('activities.noDate')}
                  </Table.Td>
                  <Table.Td>{displayDateTime(activity.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Anchor
                        component={Link}
                        to={activityPagePath(place, 'editor', activity.id)}
                        size="sm"
                        aria-label={t('activities.openEditorOf', { name: activity.name })}
                      >
                        {t('activities.pages.editor')}
                      </Anchor>
                      <Anchor
                        component={Link}
                        to={activityPagePath(place, 'edit', activity.id)}
                        size="sm"
                        aria-label={t('activities.openSettingsOf', { name: activity.name })}
                      >
                        {t('activities.pages.settings')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {result.data && result.data.total > PAGE_LIMIT && (
        <ListPagination
          total={result.data.total}
          page={page}
          onChange={setPage}
          totalIsEstimate={result.data.totalIsEstimate === true}
        />
      )}
    </Stack>
  );
}
