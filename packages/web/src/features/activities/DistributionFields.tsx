import { DISTRIBUTION_TYPES, SCHEDULED_INTERVALS, SEND_FREQUENCIES, TRIGGER_EVENTS } from '@herald/protocol';
import type { DistributionType, ScheduledInterval, SendFrequency, TriggerEvent } from '@herald/protocol';
import { Fieldset, Group, NumberInput, Radio, Select, Stack } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { exactFigure } from '../../platform/numbers/figures.ts';
import { DELAY_UNITS, MAX_FREQUENCY_DAYS } from './activitySettings.ts';
import type { ActivitySettingsForm, DelayUnit } from './activitySettings.ts';

interface FieldsProps {
  form: ActivitySettingsForm;
  update: (change: Partial<ActivitySettingsForm>) => void;
  errorText: (field: keyof ActivitySettingsForm) => string | undefined;
  readOnly: boolean;
}

const numberOrEmpty = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/**
 * How the activity goes out (functional §3): a broadcast or an API trigger, a schedule (hourly, daily, weekly,
 * monthly) or an event with a delay. Radio buttons, so the arrow keys move between the types.
 */
export function DistributionFields({ form, update, errorText, readOnly }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('activities.settings.distribution')} data-testid="activity-distribution">
      <Stack>
        <Radio.Group
          value={form.distributionType}
          onChange={(value) => !readOnly && update({ distributionType: value as DistributionType })}
          aria-label={t('activities.settings.distributionType')}
        >
          <Group>
            {DISTRIBUTION_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`activities.distributions.${type}`)}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Radio.Group>
        {form.distributionType === 'scheduled' && (
          <Select
            label={t('activities.settings.interval')}
            data={SCHEDULED_INTERVALS.map((value) => ({ value, label: t(`activities.intervals.${value}`) }))}
            value={form.interval}
            onChange={(value) => value && update({ interval: value as ScheduledInterval })}
            allowDeselect={false}
            readOnly={readOnly}
            data-testid="activity-interval"
          />
        )}
        {form.distributionType === 'event' && (
          <Group align="flex-start" grow>
            <Select
              label={t('activities.settings.event')}
              data={TRIGGER_EVENTS.map((value) => ({ value, label: t(`activities.events.${value}`) }))}
              value={form.event}
              onChange={(value) => value && update({ event: value as TriggerEvent })}
              allowDeselect={false}
              readOnly={readOnly}
              data-testid="activity-event"
            />
            <NumberInput
              label={t('activities.settings.delay')}
              description={t('activities.settings.delayHint')}
              value={form.delayAmount}
              onChange={(value) => update({ delayAmount: numberOrEmpty(value) })}
              min={0}
              allowDecimal={false}
              error={errorText('delayAmount')}
              readOnly={readOnly}
              data-testid="activity-delay"
            />
            <Select
              label={t('activities.settings.delayUnit')}
              data={DELAY_UNITS.map((value) => ({ value, label: t(`activities.delayUnits.${value}`) }))}
              value={form.delayUnit}
              onChange={(value) => value && update({ delayUnit: value as DelayUnit })}
              allowDeselect={false}
              readOnly={readOnly}
            />
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * How often one subscriber may receive it (no limit, once, every n days), the send limit and the throttle, at
 * most `maxThrottle` a minute (the organization's ceiling for the channel).
 */
export function LimitFields({
  form,
  update,
  errorText,
  readOnly,
  maxThrottle,
}: FieldsProps & { maxThrottle: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Fieldset legend={t('activities.settings.limits')} data-testid="activity-limits">
      <Stack>
        <Radio.Group
          label={t('activities.settings.frequency')}
          value={form.frequencyType}
          onChange={(value) => !readOnly && update({ frequencyType: value as SendFrequency })}
        >
          <Group mt="xs">
            {SEND_FREQUENCIES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`activities.frequencies.${type}`)}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Radio.Group>
        {form.frequencyType === 'every' && (
          <NumberInput
            label={t('activities.settings.frequencyDays')}
            value={form.frequencyDays}
            onChange={(value) => update({ frequencyDays: numberOrEmpty(value) })}
            min={1}
            max={MAX_FREQUENCY_DAYS}
            allowDecimal={false}
            error={errorText('frequencyDays')}
            readOnly={readOnly}
            w={200}
            data-testid="activity-frequency-days"
          />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label={t('activities.settings.sendLimit')}
            description={t('activities.settings.sendLimitHint')}
            value={form.sendLimit}
            onChange={(value) => update({ sendLimit: numberOrEmpty(value) })}
            min={1}
            allowDecimal={false}
            thousandSeparator
            error={errorText('sendLimit')}
            readOnly={readOnly}
            data-testid="activity-send-limit"
          />
          <NumberInput
            label={t('activities.settings.throttle')}
            description={t('activities.schedule.throttleHint', {
              max: exactFigure(maxThrottle, i18n.language),
            })}
            value={form.throttle}
            onChange={(value) => update({ throttle: numberOrEmpty(value) })}
            min={1}
            max={maxThrottle}
            allowDecimal={false}
            thousandSeparator
            error={errorText('throttle')}
            readOnly={readOnly}
            data-testid="activity-throttle"
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
