import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatNumber } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useCommand } from '../../platform/data/useCommand.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { changeChartDateRange, isoDate } from '../dashboard/chartDateRange.ts';
import { pathId } from '../lists/list.ts';
import { AudienceHeader, AudienceNotFound, useAudience } from './AudienceHeader.tsx';
import type { Audience } from './audience.ts';
import { parseAudienceReportRange, sizePoints, writeAudienceReportRange } from './audienceReport.ts';
import { useAudiencesContext } from './useAudiencesContext.ts';

/** The audience report (`audiences/report/{id}`): the audience's size per day within a range kept in the URL. */
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
  const [searchParams, setSearchParams] = useSearchParams();
  const today = isoDate(new Date());
  const range = parseAudienceReportRange(searchParams, today);
  const history = useCommand(organization.channel, 'getAudienceSizeHistory', {
    organizationId: organization.organizationId,
    audienceId: audience.id,
    from: range.from,
    to: range.to,
  });
  const points = sizePoints(history.data?.days ?? [], range);
  const change = (next: Partial<typeof range>) =>
    setSearchParams(
      (current) => writeAudienceReportRange(changeChartDateRange(range, next), today, current),
      {
        replace: true,
      },
    );

  return (
    <Stack data-testid="audience-report-page">
      <AudienceHeader audience={audience} title={t('audiences.reportHeading', { name: audience.name })} />
      <Paper withBorder p="md" data-testid="audience-report-chart" aria-busy={history.isFetching}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4">
              {t('audiences.sizeOverTime')}
            </Title>
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label={t('audiences.from')}
                value={range.from}
                max={range.to}
                onChange={(event) => change({ from: event.currentTarget.value })}
                data-testid="audience-report-from"
              />
              <TextInput
                type="date"
                label={t('audiences.to')}
                value={range.to}
                onChange={(event) => change({ to: event.currentTarget.value })}
                data-testid="audience-report-to"
              />
            </Group>
          </Group>
          <RecordsError error={history.error} testId="audience-report-error" />
          {history.isPending ? (
            <Text c="dimmed">{t('app.loading')}</Text>
          ) : points.length === 0 ? (
            <Text c="dimmed" data-testid="audience-report-empty">
              {t('audiences.noHistory')}
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
              series={[{ name: 'size', label: t('audiences.fields.size'), color: 'grape.6' }]}
              data-testid="audience-report-area"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
