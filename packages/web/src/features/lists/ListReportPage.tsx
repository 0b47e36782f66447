import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { LIST_STAT_MEASURES, formatNumber } from '@herald/protocol';
import type { ListStatMeasure } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { changeChartDateRange, isoDate } from '../dashboard/chartDateRange.ts';
import { ListHeader, ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { pathId } from './list.ts';
import type { SubscriberList } from './list.ts';
import { chartDays, clippedRange, parseListReportView, writeListReportView } from './listReport.ts';
import { useListsContext } from './useListsContext.ts';

/**
 * The list report (`subscribers/report/{id}`): the list's counts, and one of them over time from
 * getListStatsHistory (contactable by default, functional §9) within a date range kept in the URL.
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
  const [searchParams, setSearchParams] = useSearchParams();
  const today = isoDate(new Date());
  const view = parseListReportView(searchParams, today);
  const history = useCommand(organization.channel, 'getListStatsHistory', {
    organizationId: organization.organizationId,
    listId: list.id,
    from: view.range.from,
  });
  const days = history.data?.days ?? [];
  const shownRange = clippedRange(days, view.range);
  const points = chartDays(days, view.range);
  const labels: Record<ListStatMeasure, string> = {
    contactable: t('lists.stats.contactable'),
    subscribers: t('lists.stats.subscribers'),
    unsubscribed: t('lists.stats.unsubscribed'),
    invalid: t('lists.stats.invalid'),
  };
  const change = (next: Partial<typeof view>) =>
    setSearchParams((current) => writeListReportView({ ...view, ...next }, today, current), {
      replace: true,
    });

  return (
    <Stack data-testid="list-report-page">
      <ListHeader list={list} title={t('lists.report.heading', { name: list.name })} />
      <Paper withBorder p="md" data-testid="list-report-chart" aria-busy={history.isFetching}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4">
              {t('lists.report.overTime', { measure: labels[view.measure] })}
            </Title>
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label={t('lists.report.from')}
                value={shownRange.from}
                max={view.range.to}
                onChange={(event) =>
                  change({ range: changeChartDateRange(view.range, { from: event.currentTarget.value }) })
                }
                data-testid="list-report-from"
              />
              <TextInput
                type="date"
                label={t('lists.report.to')}
                value={view.range.to}
                onChange={(event) =>
                  change({ range: changeChartDateRange(view.range, { to: event.currentTarget.value }) })
                }
                data-testid="list-report-to"
              />
            </Group>
          </Group>
          <SegmentedControl
            data={LIST_STAT_MEASURES.map((value) => ({ value, label: labels[value] }))}
            value={view.measure}
            onChange={(measure) => change({ measure: measure as ListStatMeasure })}
            aria-label={t('lists.report.measure')}
            data-testid="list-report-measure"
          />
          <RecordsError error={history.error} testId="list-report-error" />
          {history.isPending ? (
            <Text c="dimmed">{t('app.loading')}</Text>
          ) : points.length === 0 ? (
            <Text c="dimmed" data-testid="list-report-empty">
              {t('lists.report.noData')}
            </Text>
          ) : (
            <AreaChart
              h={280}
              data={points}
              dataKey="date"
              curveType="monotone"
              withDots={points.length < 40}
              valueFormatter={formatNumber}
              yAxisProps={{ allowDecimals: false }}
              series={[{ name: view.measure, label: labels[view.measure], color: 'teal.6' }]}
              data-testid="list-report-area"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
