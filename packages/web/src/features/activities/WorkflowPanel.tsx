import type { ActivityRecord, WorkflowAction } from '@herald/protocol';
import { Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { ActivityStatusBadge } from './ActivityBadges.tsx';
import { useWorkflowAction } from './workflow/useWorkflowAction.tsx';
import { useWorkflowRoles } from './workflow/useWorkflowRoles.ts';
import { Participants } from './workflow/Participants.tsx';
import { WorkflowLog } from './workflow/WorkflowLog.tsx';

// The schedule dialog's date picker (Mantine dates) loads when someone schedules, not with the activity page.
const ScheduleDialog = lazy(() =>
  import('./workflow/ScheduleDialog.tsx').then(({ ScheduleDialog: Dialog }) => ({ default: Dialog })),
);

/**
 * The actions the panel offers as buttons, in the order of the workflow. Checks and proofs are the check
 * panel's; scheduling asks for a time first (ScheduleDialog); the others need a form of their own.
 */
const BUTTON_ACTIONS: readonly WorkflowAction[] = [
  'open',
  'close',
  'approve',
  'reject',
  'queueSchedule',
  'queueDeploy',
  'queueCancel',
  'suspend',
  'resume',
];

/**
 * The activity's workflow (docs/workflow.md § Screens): its status, the buttons of the actions the caller may
 * take now (getRoles, asked again whenever the activity changes), a comment box, the participants, and the
 * workflow log, live.
 * An approval, schedule or deployment a targeting rule blocks offers an administrator the override.
 */
export function WorkflowPanel({ activity }: { activity: ActivityRecord }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const roles = useWorkflowRoles(activity);
  const act = useWorkflowAction(activity, {
    onSuccess: (_answer, params) => {
      if (params.action === 'comment') setComment('');
      if (params.action === 'queueSchedule') setScheduling(false);
      showToast(t('workflow.panel.done', { action: t(`workflow.actions.${params.action}`) }));
      roles.refetch();
    },
    // The override dialog takes the schedule over, and sends it again with the time chosen.
    onBlocked: () => setScheduling(false),
  });
  const { target } = act;
  const allowed = roles.allowed;
  const buttons = BUTTON_ACTIONS.filter((action) => allowed.includes(action));
  const run = (action: WorkflowAction) => {
    if (action === 'queueSchedule') setScheduling(true);
    else act.run({ ...target, action } as Parameters<typeof act.run>[0]);
  };

  return (
    <Paper withBorder p="md" data-testid="workflow-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('workflow.panel.title')}
          </Title>
          <ActivityStatusBadge status={activity.status} />
        </Group>
        <RecordsError error={roles.error ?? (scheduling ? null : act.error)} testId="workflow-error" />
        {buttons.length > 0 && (
          <Group gap="xs" data-testid="workflow-actions">
            {buttons.map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'reject' || action === 'queueCancel' ? 'light' : 'filled'}
                loading={act.pendingAction === action}
                disabled={act.pending}
                onClick={() => run(action)}
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
              disabled={comment.trim() === '' || act.pending}
              onClick={() => act.run({ ...target, action: 'comment', text: comment })}
              data-testid="workflow-comment-send"
            >
              {t('workflow.panel.commentSend')}
            </Button>
          </Group>
        )}
        <Participants
          participants={roles.participants}
          allowed={allowed}
          pending={act.pending}
          onAdd={(email) => act.run({ ...target, action: 'addParticipant', email })}
          onRemove={(userId) => act.run({ ...target, action: 'removeParticipant', userId })}
        />
        <WorkflowLog activityId={activity.id} />
      </Stack>
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog
            activity={activity}
            opened
            pending={act.pendingAction === 'queueSchedule'}
            error={act.lastAction === 'queueSchedule' ? act.error : null}
            onClose={() => setScheduling(false)}
            onSchedule={(at) => act.run({ ...target, action: 'queueSchedule', at })}
          />
        </Suspense>
      )}
      {act.overrideDialog}
    </Paper>
  );
}
