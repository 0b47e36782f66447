import { Group, NumberInput, Select } from '@mantine/core';
import { TARGET_TIME_UNITS } from '@herald/protocol';
import type { TargetTimeUnit } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { SpanDraft } from './targetDraft.ts';

/** "within N unit": the amount and the unit, each with its own label. */
export function SpanInputs({
  span,
  onChange,
  amountLabel,
  disabled,
}: {
  span: SpanDraft;
  onChange: (span: SpanDraft) => void;
  amountLabel: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        size="xs"
        label={amountLabel}
        value={span.amount ?? ''}
        onChange={(value) => onChange({ ...span, amount: typeof value === 'number' ? value : null })}
        min={1}
        max={100_000}
        allowDecimal={false}
        allowNegative={false}
        w={90}
        readOnly={disabled}
        data-testid="target-span-amount"
      />
      <Select
        size="xs"
        label={t('targets.unit')}
        data={TARGET_TIME_UNITS.map((value) => ({ value, label: t(`targets.units.${value}`) }))}
        value={span.unit}
        onChange={(value) => value && onChange({ ...span, unit: value as TargetTimeUnit })}
        allowDeselect={false}
        w={110}
        readOnly={disabled}
        data-testid="target-span-unit"
      />
    </Group>
  );
}
