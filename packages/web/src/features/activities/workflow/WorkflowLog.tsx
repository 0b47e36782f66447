import { PAGE_LIMIT } from '@herald/protocol';
import { Table, Text, Title } from '@mantine/core';
import { displayDateTime } from '../../../platform/dates/displayDate.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecords } from '../../../platform/list/useRecords.ts';

/** The activity's workflow log, newest first and live: every action, who took it, when, and its comment. */
export function WorkflowLog({ activityId }: { activityId: number }) {
  const { t, i18n } = useTranslation();
  const log = useRecords('workflowEvent', { filter: { activityId }, limit: PAGE_LIMIT, offset: 0 });
  const entries = log.data?.records ?? [];
  return (
    <>
      <Title order={3} size="h5">
        {t('workflow.panel.logTitle')}
      </Title>
      <RecordsError error={log.error} />
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('workflow.panel.logEmpty')}
        </Text>
      ) : (
        <Table data-testid="workflow-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflow.panel.logAt')}</Table.Th>
              <Table.Th>{t('workflow.panel.logBy')}</Table.Th>
              <Table.Th>{t('workflow.panel.logAction')}</Table.Th>
              <Table.Th>{t('workflow.panel.logStatus')}</Table.Th>
              <Table.Th>{t('workflow.panel.logComment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-action={entry.action}>
                <Table.Td>{displayDateTime(entry.at, i18n.language)}</Table.Td>
                <Table.Td>{entry.byName ?? t('workflow.panel.server')}</Table.Td>
                <Table.Td>{t(`workflow.actions.${entry.action}`)}</Table.Td>
                <Table.Td>
                  {entry.fromStatus === entry.toStatus
                    ? t(`activities.statuses.${entry.toStatus}`)
                    : `${t(`activities.statuses.${entry.fromStatus}`)} → ${t(`activities.statuses.${entry.toStatus}`)}`}
                </Table.Td>
                <Table.Td>{entry.comment}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
