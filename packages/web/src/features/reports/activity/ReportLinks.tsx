import type { ActivityRecord, ActivityReport } from '@herald/protocol';
import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { Figure } from '../../../platform/numbers/Figure.tsx';
import { compactFigure } from '../../../platform/numbers/figures.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { clickMapHtml } from './clickMap.ts';

/**
 * The links of the message with their clicks, numbered; for an e-mail, beside them the click map: the sent
 * revision rendered (renderPreview, the sample recipient) with each link's number and clicks after it.
 */
export function ReportLinks({ report, activity }: { report: ActivityReport; activity: ActivityRecord }) {
  const { t } = useTranslation();
  if (report.links.length === 0) return null;
  const table = (
    <Table.ScrollContainer minWidth={360}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('activityReport.columns.url')}</Table.Th>
            <Table.Th>{t('activityReport.columns.clicks')}</Table.Th>
            <Table.Th>{t('activityReport.columns.uniqueClicks')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.links.map((link, position) => (
            <Table.Tr key={`${link.index}:${link.url}`} data-testid="report-link">
              <Table.Td>{position + 1}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {link.url}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Figure value={link.clicks} data-testid="report-link-clicks" />
              </Table.Td>
              <Table.Td>
                <Figure value={link.uniqueClicks} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Paper withBorder p="md" data-testid="report-links">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('activityReport.linksTitle')}
        </Title>
        {activity.type === 'email' && report.revisionId !== null ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {table}
            <ClickMap report={report} activity={activity} revisionId={report.revisionId} />
          </SimpleGrid>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}

function ClickMap({
  report,
  activity,
  revisionId,
}: {
  report: ActivityReport;
  activity: ActivityRecord;
  revisionId: number;
}) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const preview = useCommand(
    organization.channel,
    'renderPreview',
    { organizationId: organization.organizationId, activityId: activity.id, revisionId },
    { retry: false },
  );
  const html = preview.data?.html ?? '';
  const mapped = useMemo(
    () =>
      html === ''
        ? ''
        : clickMapHtml(html, report.links, (link) => ({
            number: report.links.indexOf(link) + 1,
            text: t('activityReport.clickBadge', { clicks: compactFigure(link.clicks) }),
          })),
    [html, report.links, t],
  );
  if (preview.isPending) return <Skeleton height={360} />;
  if (mapped === '')
    return (
      <Text size="sm" c="dimmed">
        {t('activityReport.clickMapUnavailable')}
      </Text>
    );
  return (
    <iframe
      // A new frame for each document: changing a frame's srcdoc adds a step to the browser's history.
      key={mapped}
      sandbox=""
      srcDoc={mapped}
      title={t('activityReport.clickMapTitle', { name: activity.name })}
      data-testid="report-click-map"
      style={{
        width: '100%',
        height: 480,
        border: '1px solid var(--mantine-color-default-border)',
        background: 'white',
      }}
    />
  );
}
