import { PAGE_LIMIT, type WorkflowEventAction } from '@herald/protocol';
import { Group, NativeSelect, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { displayDateTime } from '../../../platform/dates/displayDate.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecords } from '../../../platform/list/useRecords.ts';

/** The kinds of entry the log can be narrowed to, each the actions it holds (the server filters by action). */
export const LOG_FILTERS = {
  comments: ['comment'],
  checks: ['check', 'cancelCheck', 'checkFinished', 'checkAbandoned'],
  approvals: ['open', 'close', 'approve', 'reject', 'approvalReset'],
  proofs: ['proof', 'generateProofMatrix'],
  deployments: [
    'queueSchedule',
    'queueDeploy',
    'queueCancel',
    'suspend',
    'resume',
    'updateThrottle',
    'deploymentStarted',
    'deploymentRun',
    'deploymentAborted',
    'deliveriesRetried',
  ],
  participants: ['addParticipant', 'removeParticipant'],
} as const satisfies Record<string, readonly WorkflowEventAction[]>;
type LogFilter = keyof typeof LOG_FILTERS;

/**
 * The activity's workflow log, newest first and live: every action, who took it, when, and its comment; it can
 * be narrowed to one kind of entry (comments, checks, approvals, proofs, deployments, participants).
 */
export function WorkflowLog({ activityId }: { activityId: number }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<LogFilter | 'all'>('all');
  const filter = shown === 'all' ? { activityId } : { activityId, action: [...LOG_FILTERS[shown]] };
  const log = useRecords('workflowEvent', { filter, limit: PAGE_LIMIT, offset: 0 });
  const entries = log.data?.records ?? [];
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          {t('workflow.panel.logTitle')}
        </Title>
        <NativeSelect
          size="xs"
          label={t('workflow.logFilter.label')}
          value={shown}
          onChange={(event) => setShown(event.currentTarget.value as LogFilter | 'all')}
          data={[
            { value: 'all', label: t('workflow.logFilter.all') },
            ...Object.keys(LOG_FILTERS).map((key) => ({ value: key, label: t(`workflow.logFilter.${key}`) })),
          ]}
          data-testid="workflow-log-filter"
        />
      </Group>
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
