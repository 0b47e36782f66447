import { PAGE_LIMIT } from '@herald/protocol';
import type { ActivityRecord, WorkflowAction } from '@herald/protocol';
import { Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommand, useCommandMutation } from '../../platform/data/useCommand.ts';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { ActivityStatusBadge } from './ActivityBadges.tsx';

/** The actions the panel offers as buttons, in the order of the workflow; the others need a form of their own. */
const BUTTON_ACTIONS: readonly WorkflowAction[] = [
  'check',
  'cancelCheck',
  'open',
  'close',
  'approve',
  'reject',
  'queueDeploy',
  'queueCancel',
  'suspend',
  'resume',
];

/**
 * The activity's workflow (issue 15, docs/workflow.md): its status, the buttons of the actions the caller may
 * take now (getRoles, asked again whenever the activity changes), a comment box, and the workflow log, live.
 */
export function WorkflowPanel({ activity }: { activity: ActivityRecord }) {
  const { t, i18n } = useTranslation();
  const organization = useCurrentOrganization()!;
  const [comment, setComment] = useState('');
  const target = { organizationId: organization.organizationId, activityId: activity.id };
  const roles = useCommand(organization.channel, 'workflow', { ...target, action: 'getRoles' });
  const { refetch } = roles;
  useEffect(() => {
    void refetch();
  }, [activity.status, activity.version, refetch]);
  const log = useRecords('workflowEvent', {
    filter: { activityId: activity.id },
    limit: PAGE_LIMIT,
    offset: 0,
  });
  const act = useCommandMutation(organization.channel, 'workflow', {
    onSuccess: (_answer, params) => {
      if (params.action === 'comment') setComment('');
      showToast(t('workflow.panel.done', { action: t(`workflow.actions.${params.action}`) }));
      void refetch();
    },
  });
  const allowed = roles.data?.actions ?? [];
  const buttons = BUTTON_ACTIONS.filter((action) => allowed.includes(action));
  const entries = log.data?.records ?? [];

  return (
    <Paper withBorder p="md" data-testid="workflow-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('workflow.panel.title')}
          </Title>
          <ActivityStatusBadge status={activity.status} />
        </Group>
        <RecordsError error={roles.error ?? act.error} />
        {buttons.length > 0 && (
          <Group gap="xs" data-testid="workflow-actions">
            {buttons.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'reject' || action === 'queueCancel' ? 'light' : 'filled'}
                loading={act.isPending && act.variables.action === action}
                disabled={act.isPending}
                onClick={() => act.mutate({ ...target, action } as Parameters<typeof act.mutate>[0])}
                data-testid={`workflow-${action}`}
              >
                {t(`workflow.actions.${action}`)}
              </Button>
            ))}
          </Group>
        )}
        {allowed.includes('comment') && (
          <Group align="flex-end">
            <Textarea
              style={{ flex: 1 }}
              label={t('workflow.panel.commentLabel')}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={4000}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              data-testid="workflow-comment"
            />
            <Button
              size="sm"
              disabled={comment.trim() === '' || act.isPending}
              onClick={() => act.mutate({ ...target, action: 'comment', text: comment })}
              data-testid="workflow-comment-send"
            >
              {t('workflow.panel.commentSend')}
            </Button>
          </Group>
        )}
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
      </Stack>
    </Paper>
  );
}
