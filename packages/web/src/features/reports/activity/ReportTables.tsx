import type { ActivityReport } from '@herald/protocol';
import { Badge, Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayDateTime } from '../../../platform/dates/displayDate.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { Figure } from '../../../platform/numbers/Figure.tsx';
import { percentOf } from './reportModel.ts';

/** A titled table section of the report. */
function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>{children}</Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** A variation's name as a reader knows it: its own, or "Original" / "Variation n". */
export function useVariationName() {
  const { t } = useTranslation();
  return (variation: number, name: string) =>
    name !== ''
      ? name
      : variation === 0
        ? t('activityReport.original')
        : t('activityReport.variationNumber', { number: variation });
}

/** A partition's name, "Head office" for subscribers in none. */
export function usePartitionName() {
  const { t } = useTranslation();
  return (partitionId: number | null, name: string) =>
    partitionId === null ? t('activityReport.headOffice') : name;
}

/** The versions compared: the winner marked, each p-value beside. */
export function ReportVariations({ report }: { report: ActivityReport }) {
  const { t } = useTranslation();
  const nameOf = useVariationName();
  if (report.variations.length < 2) return null;
  return (
    <Section title={t('activityReport.variationsTitle')} testId="report-variations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('activityReport.columns.variation')}</Table.Th>
          <Table.Th>{t('activityReport.columns.sent')}</Table.Th>
          <Table.Th>{t('activityReport.columns.openRate')}</Table.Th>
          <Table.Th>{t('activityReport.columns.clickRate')}</Table.Th>
          <Table.Th>{t('activityReport.columns.pValue')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.variations.map((row) => (
          <Table.Tr key={row.variation} data-testid="report-variation" data-winner={row.winner}>
            <Table.Td>
              {nameOf(row.variation, row.name)}{' '}
              {row.winner && (
                <Badge color="teal" size="sm" data-testid="report-variation-winner">
                  {t('activityReport.winner')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Figure value={row.sent} />
            </Table.Td>
            <Table.Td>{percentOf(row.openRate)}</Table.Td>
            <Table.Td>{percentOf(row.clickRate)}</Table.Td>
            <Table.Td>{row.pValue === null ? '—' : row.pValue.toFixed(3)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

/** The figures by the subscribers' partitions, head office first. */
export function ReportPartitions({ report }: { report: ActivityReport }) {
  const { t } = useTranslation();
  const nameOf = usePartitionName();
  if (report.partitions.length === 0) return null;
  return (
    <Section title={t('activityReport.partitionsTitle')} testId="report-partitions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('activityReport.columns.partition')}</Table.Th>
          <Table.Th>{t('activityReport.columns.sent')}</Table.Th>
          <Table.Th>{t('activityReport.columns.uniqueOpens')}</Table.Th>
          <Table.Th>{t('activityReport.columns.uniqueClicks')}</Table.Th>
          <Table.Th>{t('activityReport.columns.unsubscribes')}</Table.Th>
          <Table.Th>{t('activityReport.columns.bounced')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.partitions.map((row) => (
          <Table.Tr key={row.partitionId ?? 'none'} data-testid="report-partition">
            <Table.Td>{nameOf(row.partitionId, row.name)}</Table.Td>
            {[row.sent, row.uniqueOpens, row.uniqueClicks, row.unsubscribes, row.bounced].map(
              (value, index) => (
                <Table.Td key={index}>
                  <Figure value={value} />
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}

/** The deployment runs the report covers. */
export function ReportRuns({ report }: { report: ActivityReport }) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t('activityReport.runsTitle')} testId="report-runs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('activityReport.columns.run')}</Table.Th>
          <Table.Th>{t('activityReport.columns.status')}</Table.Th>
          <Table.Th>{t('activityReport.columns.recipients')}</Table.Th>
          <Table.Th>{t('activityReport.columns.sent')}</Table.Th>
          <Table.Th>{t('activityReport.columns.failed')}</Table.Th>
          <Table.Th>{t('activityReport.columns.startedAt')}</Table.Th>
          <Table.Th>{t('activityReport.columns.finishedAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.runs.map((run) => (
          <Table.Tr key={run.id} data-testid="report-run">
            <Table.Td>{run.id}</Table.Td>
            <Table.Td>{t(`activityReport.runStatus.${run.status}`, { defaultValue: run.status })}</Table.Td>
            <Table.Td>
              <Figure value={run.recipients} />
            </Table.Td>
            <Table.Td>
              <Figure value={run.sent} />
            </Table.Td>
            <Table.Td>
              <Figure value={run.failed} />
            </Table.Td>
            <Table.Td>{displayDateTime(run.startedAt, i18n.language)}</Table.Td>
            <Table.Td>{run.finishedAt ? displayDateTime(run.finishedAt, i18n.language) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Section>
  );
}
