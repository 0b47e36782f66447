import type { ActivityRecord } from '@herald/protocol';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { ActivityHeader } from '../../activities/ActivityHeader.tsx';
import { ActivityProblem } from '../../activities/ActivityProblem.tsx';
import { activityPagePath, type ActivityPlace } from '../../activities/activityPaths.ts';
import { useActivityFromPath } from '../../activities/useActivityFromPath.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportExport } from './ReportExport.tsx';
import { ReportFigures } from './ReportFigures.tsx';
import { ReportLinks } from './ReportLinks.tsx';
import { ReportPartitions, ReportRuns, ReportVariations } from './ReportTables.tsx';
import { channelOfReportPath, hasDeliveries, reportPageOf } from './reportModel.ts';
import { useActivityReport } from './useActivityReport.ts';

/**
 * `activity/{channel}report/{id}` and its campaign alias (platform §2), one page for the seven channels: the
 * figures, the series, the links and their click map, the variations, the partitions and the runs, live while
 * the activity sends. A report address of another channel than the activity's goes to the right one.
 */
export default function ActivityReportPage() {
  const loaded = useActivityFromPath();
  const { pathname } = useLocation();
  if (loaded.state !== 'found') return <ActivityProblem loaded={loaded} />;
  const { activity, place } = loaded;
  if (channelOfReportPath(pathname) !== activity.type)
    return <Navigate replace to={activityPagePath(place, reportPageOf(activity.type), activity.id)} />;
  return <ActivityReportView activity={activity} place={place} />;
}

function ActivityReportView({ activity, place }: { activity: ActivityRecord; place: ActivityPlace }) {
  const { t } = useTranslation();
  const report = useActivityReport(activity);
  return (
    <Stack data-testid="activity-report-page" data-activity-id={activity.id}>
      <ActivityHeader activity={activity} place={place} />
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {t('activityReport.title')}
        </Title>
        {report.data && hasDeliveries(report.data) && (
          <ReportExport report={report.data} activity={activity} />
        )}
      </Group>
      {report.isPending ? (
        <Skeleton height={240} />
      ) : report.error ? (
        <RecordsError error={report.error} testId="activity-report-error" />
      ) : !hasDeliveries(report.data) ? (
        <Alert color="gray" data-testid="activity-report-empty">
          <Text size="sm">{t('activityReport.empty')}</Text>
        </Alert>
      ) : (
        <>
          <ReportFigures report={report.data} channel={activity.type} />
          <ReportChart report={report.data} channel={activity.type} />
          <ReportLinks report={report.data} activity={activity} />
          <ReportVariations report={report.data} />
          <ReportPartitions report={report.data} />
          <ReportRuns report={report.data} />
        </>
      )}
    </Stack>
  );
}
