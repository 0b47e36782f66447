import type { ActivityRecord, WorkflowResult } from '@herald/protocol';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../../platform/channel/channelError.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';
import { useRecords } from '../../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { checkRunOfAnswer, checkRunOfEvent, latestCheckRun } from './checkRuns.ts';
import { CheckResultRow } from './CheckResultRow.tsx';
import { CheckStatusBadge } from './CheckStatusBadge.tsx';
import { ProofButtons } from './ProofButtons.tsx';
import { useWorkflowRoles } from './useWorkflowRoles.ts';

/**
 * The check panel (docs/workflow.md § Checks): runs the checks of the activity's latest revision (`check`, while
 * getRoles allows it), cancels a running one, and shows the latest run's result per check. The results come
 * from the caller's own `check` answer and, after a reload or for everyone else, from the latest
 * `checkFinished` entry of the workflow log, which is pushed live; the status arrives with the activity's push.
 * Proofs start here too, since they are the other way to test the content before approval.
 */
export function CheckPanel({ activity, unsaved = false }: { activity: ActivityRecord; unsaved?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization()!;
  const roles = useWorkflowRoles(activity);
  const [answer, setAnswer] = useState<WorkflowResult | null>(null);
  const logged = useRecords('workflowEvent', {
    filter: { activityId: activity.id, action: 'checkFinished' },
    limit: 1,
    offset: 0,
  });
  const target = { organizationId: organization.organizationId, activityId: activity.id };
  const act = useCommandMutation(organization.channel, 'workflow', {
    onSuccess: (result, params) => {
      if (params.action === 'check') setAnswer(result);
      else showToast(t('workflow.panel.done', { action: t(`workflow.actions.${params.action}`) }));
      roles.refetch();
    },
  });
  const latestLogged = logged.data?.records[0];
  const run = latestCheckRun(
    [latestLogged ? checkRunOfEvent(latestLogged) : null, answer ? checkRunOfAnswer(answer) : null],
    activity.latestRevisionId,
  );
  const checking = activity.status === 'checking';
  // A check stopped by Cancel answers CheckCancelledError: what was asked for, not a failure.
  const cancelled = errorTypeOf(act.error) === 'CheckCancelledError';

  return (
    <Paper withBorder p="md" data-testid="check-panel" data-checking={checking}>
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h4">
              {t('workflow.checks.title')}
            </Title>
            {run && !checking && <CheckStatusBadge status={run.worst} testId="check-run-outcome" />}
          </Group>
          <Group gap="xs">
            {roles.allowed.includes('check') && (
              <Button
                size="xs"
                loading={act.isPending && act.variables.action === 'check'}
                disabled={act.isPending || activity.latestRevisionId === null}
                onClick={() => act.mutate({ ...target, action: 'check' })}
                data-testid="check-run"
              >
                {t('workflow.actions.check')}
              </Button>
            )}
            {checking && roles.allowed.includes('cancelCheck') && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={act.isPending && act.variables.action === 'cancelCheck'}
                onClick={() => act.mutate({ ...target, action: 'cancelCheck' })}
                data-testid="check-cancel"
              >
                {t('common.cancel')}
              </Button>
            )}
            <ProofButtons activity={activity} allowed={roles.allowed} />
          </Group>
        </Group>
        {unsaved && (
          <Alert color="blue" variant="light" data-testid="check-panel-unsaved">
            {t('workflow.checks.unsaved')}
          </Alert>
        )}
        {cancelled ? (
          <Alert color="gray" variant="light" data-testid="check-cancelled">
            {errorText('CheckCancelledError', act.error?.message)}
          </Alert>
        ) : (
          <RecordsError error={act.error ?? roles.error} testId="check-panel-error" />
        )}
        <RecordsError error={logged.error} />
        {checking ? (
          <Group gap="xs" data-testid="check-running" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('workflow.checks.running')}</Text>
          </Group>
        ) : !run ? (
          <Text size="sm" c="dimmed" data-testid="check-empty">
            {activity.latestRevisionId === null
              ? t('workflow.checks.nothingSaved')
              : t('workflow.checks.empty')}
          </Text>
        ) : run.error ? (
          <Alert color="red" role="alert" data-testid="check-run-error">
            {t('workflow.checks.runFailed', { error: errorText(run.error) })}
          </Alert>
        ) : (
          <Table data-testid="check-results" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('workflow.checks.check')}</Table.Th>
                <Table.Th scope="col">{t('workflow.checks.result')}</Table.Th>
                <Table.Th scope="col">{t('workflow.checks.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.checks.map((result) => (
                <CheckResultRow key={result.name} result={result} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
