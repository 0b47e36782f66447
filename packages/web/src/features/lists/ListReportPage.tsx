import { DEFAULT_CHART_VIEWS, LIST_STAT_MEASURES } from '@herald/protocol';
import type { ListStatMeasure } from '@herald/protocol';
import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { isoDate } from '../dashboard/chartDateRange.ts';
import { reportEngagementRange } from '../engagement/engagement.ts';
import { MembersEngagement } from '../engagement/MembersEngagement.tsx';
import { downloadReportCsv, membersReportCsvRows } from '../engagement/membersCsv.ts';
import { HistoryReport, useReportView } from '../reports/HistoryReport.tsx';
import { chartDays, type ReportMeasures } from '../reports/historyReport.ts';
import { ListHeader, ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { pathId } from './list.ts';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

/** Contactable first: the report's default (functional §9). */
const MEASURES: ReportMeasures<ListStatMeasure> = [
  DEFAULT_CHART_VIEWS.list,
  ...LIST_STAT_MEASURES.filter((measure) => measure !== DEFAULT_CHART_VIEWS.list),
];

/**
 * The list report (`subscribers/report/{id}`): the list's counts, and one of them over time from
 * getListStatsHistory (contactable by default, functional §9) within a date range kept in the URL, and what
 * the messages did to its members (getListEngagement); the whole report exports as CSV.
 */
export default function ListReportPage() {
  const { t } = useTranslation();
  const listId = pathId(useParams().id);
  const loaded = useSubscriberList(listId);
  if (listId === null || loaded.missing) return <ListNotFound />;
  if (!loaded.list) {
    return loaded.error ? <RecordsError error={loaded.error} /> : <Text c="dimmed">{t('app.loading')}</Text>;
  }
  return <ListReport list={loaded.list} />;
}

function ListReport({ list }: { list: SubscriberList }) {
  const { t } = useTranslation();
  const { organization } = useListsContext();
  const [view, change] = useReportView(MEASURES);
  const history = useCommand(organization.channel, 'getListStatsHistory', {
    organizationId: organization.organizationId,
    listId: list.id,
    from: view.range.from,
  });
  const engagementRange = reportEngagementRange(view.range, isoDate(new Date()));
  const engagement = useCommand(organization.channel, 'getListEngagement', {
    organizationId: organization.organizationId,
    listId: list.id,
    ...engagementRange,
  });
  const labels: Record<ListStatMeasure, string> = {
    contactable: t('lists.stats.contactable'),
    subscribers: t('lists.stats.subscribers'),
    unsubscribed: t('lists.stats.unsubscribed'),
    invalid: t('lists.stats.invalid'),
  };
  const exportCsv = () => {
    if (!engagement.data) return;
    const days = chartDays(history.data?.days ?? [], view.range);
    const rows = membersReportCsvRows(
      t('engagement.csv.list'),
      list.name,
      engagement.data,
      [
        [t('engagement.csv.date'), ...MEASURES.map((measure) => labels[measure])],
        ...days.map((day) => [day.date, ...MEASURES.map((measure) => day[measure])]),
      ],
      t,
    );
    void downloadReportCsv(
      [t('engagement.csv.list'), list.name, engagement.data.from, engagement.data.to],
      rows,
    );
  };
  return (
    <Stack>
      <HistoryReport
        testId="list-report"
        header={<ListHeader list={list} title={t('lists.report.heading', { name: list.name })} />}
        title={t('lists.report.overTime', { measure: labels[view.measure] })}
        view={view}
        onChange={change}
        measures={labels}
        labels={{
          from: t('lists.report.from'),
          to: t('lists.report.to'),
          empty: t('lists.report.noData'),
          measure: t('lists.report.measure'),
        }}
        history={{ ...history, days: history.data?.days }}
        color="teal.6"
      />
      <MembersEngagement
        testId="list-engagement"
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
