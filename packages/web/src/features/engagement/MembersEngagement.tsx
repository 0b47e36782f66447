import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatPercentage, type MembersEngagement as Engagement } from '@herald/protocol';
import { Link } from 'react-router';
import { displayDate } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { Figure } from '../../platform/numbers/Figure.tsx';
import { activityPagePath } from '../activities/activityPaths.ts';
import { activityRates, hasEngagement } from './engagement.ts';
import { EngagementCards } from './EngagementCards.tsx';

const percent = (value: number | null) => (value === null ? '–' : formatPercentage(value));

/**
 * A list's or an audience's report section "Engagement": what the messages did to its members over the
 * report's range (the last 30 days when it names none) and the activities that reached them most, each
 * linking to its page; the report's CSV export sits here. `testId` is `list-engagement` or
 * `audience-engagement`; the export button is `{testId}-export`.
 */
export function MembersEngagement({
  testId,
  organizationId,
  engagement,
  isPending,
  error,
  defaultRange,
  onExport,
}: {
  testId: string;
  organizationId: number;
  engagement: Engagement | undefined;
  isPending: boolean;
  error: unknown;
  /** The report names no range, so the server counted the last 30 days. */
  defaultRange: boolean;
  onExport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = `${testId}-title`;
  const rangeText =
    engagement &&
    t(defaultRange ? 'engagement.rangeDefault' : 'engagement.range', {
      from: displayDate(engagement.from, i18n.language),
      to: displayDate(engagement.to, i18n.language),
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Stack gap={0}>
            <Title order={2} size="h4" id={titleId}>
              {t('engagement.heading')}
            </Title>
            {rangeText && (
              <Text size="sm" c="dimmed" data-testid={`${testId}-range`}>
                {rangeText}
              </Text>
            )}
          </Stack>
          <Button
            variant="default"
            size="xs"
            onClick={onExport}
            disabled={!engagement}
            data-testid={`${testId}-export`}
          >
            {t('engagement.exportCsv')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('engagement.membersNote')}
        </Text>
        <RecordsError error={error} testId={`${testId}-error`} />
        {isPending ? (
          <Text c="dimmed">{t('app.loading')}</Text>
        ) : !engagement ? null : !hasEngagement(engagement.engagement) ? (
          <Text c="dimmed" data-testid={`${testId}-empty`}>
            {t('engagement.empty')}
          </Text>
        ) : (
          <>
            <EngagementCards
              figures={engagement.engagement}
              shown={['sent', 'opens', 'clicks', 'unsubscribes', 'bounced']}
            />
            <Title order={3} size="h5" id={`${testId}-top`}>
              {t('engagement.topActivities')}
            </Title>
            {engagement.topActivities.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('engagement.noActivities')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table aria-labelledby={`${testId}-top`} data-testid={`${testId}-activities`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('engagement.columns.activity')}</Table.Th>
                      <Table.Th>{t('engagement.columns.channel')}</Table.Th>
                      <Table.Th ta="right">{t('engagement.columns.sent')}</Table.Th>
                      <Table.Th ta="right">{t('engagement.columns.openRate')}</Table.Th>
                      <Table.Th ta="right">{t('engagement.columns.clickRate')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {engagement.topActivities.map((activity) => {
                      const rates = activityRates(activity);
                      return (
                        <Table.Tr
                          key={activity.activityId}
                          data-testid="engagement-activity"
                          data-activity-id={activity.activityId}
                        >
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={activityPagePath(
                                { organizationId, campaignId: null },
                                'view',
                                activity.activityId,
                              )}
                            >
                              {activity.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{t(`activities.channels.${activity.type}.name`)}</Table.Td>
                          <Table.Td ta="right">
                            <Figure value={activity.sent} />
                          </Table.Td>
                          <Table.Td ta="right" data-testid="engagement-activity-open-rate">
                            {percent(rates.open)}
                          </Table.Td>
                          <Table.Td ta="right" data-testid="engagement-activity-click-rate">
                            {percent(rates.click)}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
