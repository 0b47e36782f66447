import { targetIncludesListOrAudience } from '@herald/protocol';
import type { ActivityRecord } from '@herald/protocol';
import { Alert, Button, Group, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { SaveProblem } from '../../platform/list/SaveProblem.tsx';
import { usePartitionOptions } from '../../platform/list/usePartitionOptions.ts';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { useSendingSettings } from '../../platform/organization/useSendingSettings.ts';
import { TargetExpressionInput } from '../targets/TargetExpressionInput.tsx';
import { TargetWarningModal } from '../targets/TargetWarningModal.tsx';
import { approvalWasReset, settingsFormOf, settingsWrite, validateSettings } from './activitySettings.ts';
import type { ActivitySettingsForm as Form } from './activitySettings.ts';
import { DistributionFields, LimitFields } from './DistributionFields.tsx';
import { ScheduleStep } from './ScheduleStep.tsx';

/**
 * An activity's settings (functional §3): name, distribution, the schedule step (its date on the organization's
 * wall clock), frequency, send limit, throttle (up to the organization's ceiling for the channel), target,
 * partitions and notes, saved with the version read. A target without a list or audience asks first
 * (functional §5); a save that reset the activity's approval (a changed target or date) says so.
 */
export function ActivitySettingsForm({
  activity,
  readOnly,
}: {
  activity: ActivityRecord;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const partitionOptions = usePartitionOptions();
  const sending = useSendingSettings();
  const { timeZone } = sending;
  const maxThrottle = sending.maxThrottle(activity.type);
  const [form, setForm] = useState<Form>(() => settingsFormOf(activity, timeZone));
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [confirmingTarget, setConfirmingTarget] = useState(false);
  const [approvalReset, setApprovalReset] = useState(false);
  const errors = validateSettings(form, maxThrottle);
  const saving = useWriteRecords('activity');
  // A newer version pushed while the form is untouched is taken in, so a save does not go stale for nothing.
  useEffect(() => {
    if (!touched) setForm(settingsFormOf(activity, timeZone));
  }, [activity, touched, timeZone]);

  const update = (change: Partial<Form>) => {
    if (readOnly) return;
    setTouched(true);
    setForm((current) => ({ ...current, ...change }));
  };
  const save = () => {
    setConfirmingTarget(false);
    // The record as it was when saving began: the push of the saved record may come before the answer.
    const before = activity;
    saving.mutate([settingsWrite(form, activity, timeZone)], {
      onSuccess: ({ records }) => {
        const saved = records[0];
        setTouched(false);
        setSubmitted(false);
        if (saved) setForm(settingsFormOf(saved, timeZone));
        const reset = saved !== undefined && approvalWasReset(before, saved);
        setApprovalReset(reset);
        if (reset) notifications.show({ color: 'yellow', message: t('activities.settings.approvalReset') });
        else showToast(t('activities.settings.saved'));
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (readOnly || Object.keys(errors).length > 0) return;
    const write = settingsWrite(form, activity, timeZone);
    if (write.target !== undefined && form.target !== null && !targetIncludesListOrAudience(form.target))
      setConfirmingTarget(true);
    else save();
  };
  const errorText = (field: keyof Form) => {
    if (!submitted || !errors[field]) return undefined;
    // The throttle's ceiling is the organization's for the channel, so its message names it.
    if (field === 'throttle')
      return t('activities.schedule.throttleRange', { max: exactFigure(maxThrottle, i18n.language) });
    return t(`activities.settings.errors.${errors[field]}`);
  };
  const fieldProps = { form, update, errorText, readOnly };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="activity-settings">
      <Stack>
        {approvalReset && (
          <Alert
            color="yellow"
            title={t('activities.settings.approvalResetTitle')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setApprovalReset(false)}
            data-testid="approval-reset-notice"
          >
            {t('activities.settings.approvalReset')}
          </Alert>
        )}
        <SaveProblem
          error={saving.error}
          testId="activity-save-error"
          onLoadLatest={() => {
            saving.reset();
            setTouched(false);
          }}
        />
        <TextInput
          label={t('activities.fields.name')}
          value={form.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={errorText('name')}
          readOnly={readOnly}
          required
          data-testid="activity-name-input"
        />
        <DistributionFields {...fieldProps} />
        <ScheduleStep
          form={form}
          update={update}
          readOnly={readOnly}
          activityId={activity.id}
          timeZone={timeZone}
        />
        <LimitFields {...fieldProps} maxThrottle={maxThrottle} />
        <TargetExpressionInput
          label={t('activities.settings.target')}
          value={form.target}
          onChange={(target) => update({ target })}
          disabled={readOnly}
        />
        {partitionOptions.length > 0 && (
          <MultiSelect
            label={t('activities.settings.partitions')}
            data={partitionOptions}
            value={form.partitionIds.map(String)}
            onChange={(values) => update({ partitionIds: values.map(Number) })}
            readOnly={readOnly}
            searchable
            data-testid="activity-partitions"
          />
        )}
        <Textarea
          label={t('activities.settings.notes')}
          value={form.notes}
          onChange={(event) => update({ notes: event.currentTarget.value })}
          autosize
          minRows={2}
          readOnly={readOnly}
          data-testid="activity-notes"
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" disabled={!touched} onClick={() => setTouched(false)}>
              {t('activities.settings.discard')}
            </Button>
            <Button type="submit" loading={saving.isPending} data-testid="save-activity-settings">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
      <TargetWarningModal
        opened={confirmingTarget}
        onCancel={() => setConfirmingTarget(false)}
        onConfirm={save}
      />
    </form>
  );
}
