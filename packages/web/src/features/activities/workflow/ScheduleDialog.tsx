import type { ActivityRecord } from '@herald/protocol';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../../platform/dates/DateFields.tsx';
import { instantFromLocalInput, localInputFromInstant } from '../../../platform/dates/localDateTime.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../../platform/list/ListControls.tsx';

/**
 * Schedule an approved activity (`queueSchedule`): the time it goes out, the activity's own date when that is
 * still ahead, or one picked here. A time in the past is refused before it is sent (the server refuses it too).
 */
export function ScheduleDialog({
  activity,
  opened,
  pending,
  error,
  onClose,
  onSchedule,
}: {
  activity: ActivityRecord;
  opened: boolean;
  pending: boolean;
  /** Why the schedule was refused (DeploymentNotReadyError, a stale state…). */
  error: unknown;
  onClose: () => void;
  onSchedule: (at: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workflow.round.scheduleTitle', { name: activity.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && (
        <ScheduleForm
          activity={activity}
          pending={pending}
          error={error}
          onClose={onClose}
          onSchedule={onSchedule}
        />
      )}
    </Modal>
  );
}

function ScheduleForm({
  activity,
  pending,
  error,
  onClose,
  onSchedule,
}: {
  activity: ActivityRecord;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSchedule: (at: string) => void;
}) {
  const { t } = useTranslation();
  const ahead = activity.date !== null && new Date(activity.date).getTime() > Date.now();
  const [value, setValue] = useState(ahead && activity.date ? localInputFromInstant(activity.date) : '');
  const [tried, setTried] = useState(false);
  const at = value ? instantFromLocalInput(value) : '';
  const problem =
    at === ''
      ? t('workflow.round.scheduleRequired')
      : new Date(at).getTime() <= Date.now()
        ? t('workflow.round.schedulePast')
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem && !pending) onSchedule(at);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="schedule-dialog">
      <Stack>
        <Text size="sm">{t('workflow.round.scheduleExplain')}</Text>
        <DateTimeField
          label={t('workflow.round.scheduleAt')}
          required
          value={value}
          onChange={setValue}
          error={tried ? problem : undefined}
          data-testid="schedule-at"
        />
        <RecordsError error={error} testId="schedule-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="schedule-confirm">
            {t('workflow.actions.queueSchedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
