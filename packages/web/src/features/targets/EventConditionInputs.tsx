import { NumberInput, Select } from '@mantine/core';
import { TARGET_EVENT_KINDS } from '@herald/protocol';
import type { TargetEventKind } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { SpanInputs } from './SpanInputs.tsx';
import type { EventDraft } from './targetDraft.ts';
import { DateField } from '../../platform/dates/DateFields.tsx';

const idOrNull = (value: number | string): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * An event condition's inputs: the kind of event and its options (one activity or one campaign, at least N
 * times, within a span, after and before dates). Options left blank do not narrow the condition.
 */
export function EventConditionInputs({
  draft,
  onChange,
  disabled,
}: {
  draft: EventDraft;
  onChange: (draft: EventDraft) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        size="xs"
        label={t('targets.event')}
        data={TARGET_EVENT_KINDS.map((value) => ({ value, label: t(`targets.events.${value}`) }))}
        value={draft.event}
        onChange={(event) => event && onChange({ ...draft, event: event as TargetEventKind })}
        allowDeselect={false}
        w={150}
        readOnly={disabled}
        data-testid="target-event"
      />
      <NumberInput
        size="xs"
        label={t('targets.activityId')}
        value={draft.activityId ?? ''}
        onChange={(value) => onChange({ ...draft, activityId: idOrNull(value) })}
        allowDecimal={false}
        allowNegative={false}
        w={100}
        // An event names an activity or a campaign, not both.
        disabled={disabled || draft.campaignId !== null}
      />
      <NumberInput
        size="xs"
        label={t('targets.campaignId')}
        value={draft.campaignId ?? ''}
        onChange={(value) => onChange({ ...draft, campaignId: idOrNull(value) })}
        allowDecimal={false}
        allowNegative={false}
        w={100}
        disabled={disabled || draft.activityId !== null}
      />
      <NumberInput
        size="xs"
        label={t('targets.atLeast')}
        value={draft.atLeast ?? ''}
        onChange={(value) => onChange({ ...draft, atLeast: idOrNull(value) })}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        w={90}
        readOnly={disabled}
      />
      <SpanInputs
        span={draft.within}
        onChange={(within) => onChange({ ...draft, within })}
        amountLabel={t('targets.withinAmount')}
        disabled={disabled}
      />
      <DateField
        size="xs"
        label={t('targets.after')}
        value={draft.after}
        onChange={(after) => onChange({ ...draft, after })}
        readOnly={disabled}
        clearable={!disabled}
        w={150}
      />
      <DateField
        size="xs"
        label={t('targets.before')}
        value={draft.before}
        onChange={(before) => onChange({ ...draft, before })}
        readOnly={disabled}
        clearable={!disabled}
        w={150}
      />
    </>
  );
}
