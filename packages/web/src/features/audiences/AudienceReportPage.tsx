import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { isoDate } from '../dashboard/chartDateRange.ts';
import { reportEngagementRange } from '../engagement/engagement.ts';
import { MembersEngagement } from '../engagement/MembersEngagement.tsx';
import { downloadReportCsv, membersReportCsvRows } from '../engagement/membersCsv.ts';
import { pathId } from '../lists/list.ts';
import { HistoryReport, useReportView } from '../reports/HistoryReport.tsx';
import { AudienceHeader, AudienceNotFound, useAudience } from './AudienceHeader.tsx';
import type { Audience } from './audience.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

/**
 * The audience report (`audiences/report/{id}`): the audience's size per day within a range kept in the URL,
 * and what the messages did to its members (getAudienceEngagement); the whole report exports as CSV.
 */
export default function AudienceReportPage() {
  const { t } = useTranslation();
  const audienceId = pathId(useParams().id);
  const loaded = useAudience(audienceId);
  if (audienceId === null || loaded.missing) return <AudienceNotFound />;
  if (!loaded.audience) {
    return loaded.error ? <RecordsError error={loaded.error} /> : <Text c="dimmed">{t('app.loading')}</Text>;
  }
  return <AudienceReport audience={loaded.audience} />;
}

function AudienceReport({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const { organization } = useAudiencesContext();
  const [view, change] = useReportView(['size']);
  const history = useCommand(organization.channel, 'getAudienceSizeHistory', {
    organizationId: organization.organizationId,
    audienceId: audience.id,
    from: view.range.from,
    to: view.range.to,
  });
  const engagementRange = reportEngagementRange(view.range, isoDate(new Date()));
  const engagement = useCommand(organization.channel, 'getAudienceEngagement', {
    organizationId: organization.organizationId,
    audienceId: audience.id,
    ...engagementRange,
  });
  const exportCsv = () => {
    if (!engagement.data) return;
    const rows = membersReportCsvRows(
      t('engagement.csv.audience'),
      audience.name,
      engagement.data,
      [
        [t('engagement.csv.date'), t('audiences.fields.size')],
        ...(history.data?.days ?? []).map((day) => [day.day, day.size]),
      ],
      t,
    );
    void downloadReportCsv(
      [t('engagement.csv.audience'), audience.name, engagement.data.from, engagement.data.to],
      rows,
    );
  };
  return (
    <Stack>
      <HistoryReport
        testId="audience-report"
        header={
          <AudienceHeader audience={audience} title={t('audiences.reportHeading', { name: audience.name })} />
        }
        title={t('audiences.sizeOverTime')}
        view={view}
        onChange={change}
        measures={{ size: t('audiences.fields.size') }}
        labels={{ from: t('audiences.from'), to: t('audiences.to'), empty: t('audiences.noHistory') }}
        history={{ ...history, days: history.data?.days.map(({ day, size }) => ({ date: day, size })) }}
        color="grape.6"
      />
      <MembersEngagement
        testId="audience-engagement"
        organizationId={organization.organizationId}
        engagement={engagement.data}
        isPending={engagement.isPending}
        error={engagement.error}
        defaultRange={engagementRange === undefined}
        onExport={exportCsv}
      />
    </Stack>
  );
}
