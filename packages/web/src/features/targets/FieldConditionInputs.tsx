import { Select } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { FieldPicker } from './FieldPicker.tsx';
import { FieldValueInput } from './FieldValueInput.tsx';
import { operatorAfterFieldChange, operatorsFor } from './fieldOperators.ts';
import type { FieldDraft, FieldOperator } from './targetDraft.ts';
import type { TargetOptions } from './useTargetOptions.ts';

/** A field condition's inputs: the field, the operator that applies to its type, and a value of that type. */
export function FieldConditionInputs({
  draft,
  onChange,
  options,
  disabled,
}: {
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  options: TargetOptions;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const field = options.fields.get(draft.field.toLowerCase());
  const type = field?.type;
  const operators = operatorsFor(type);
  // Orders read as a date's (before, after) or a number's (less than, greater than).
  const operatorLabel = (op: FieldOperator) =>
    type === 'date' && DATE_WORDED.has(op)
      ? t(`targets.dateOperators.${operatorKey(op)}`)
      : t(`targets.operators.${operatorKey(op)}`);

  return (
    <>
      <FieldPicker
        value={draft.field}
        fields={options.fields}
        onChange={(name) => {
          const next = options.fields.get(name.toLowerCase());
          onChange({
            ...draft,
            field: name,
            op: operatorAfterFieldChange(draft.op, next?.type),
            // A value of one field rarely suits another: a tier is no country.
            ...(name === draft.field ? {} : { value: '', values: [] }),
          });
        }}
        disabled={disabled}
      />
      <Select
        size="xs"
        label={t('targets.operator')}
        data={operators.map((value) => ({ value, label: operatorLabel(value) }))}
        value={operators.includes(draft.op) ? draft.op : null}
        onChange={(op) => op && onChange({ ...draft, op: op as FieldOperator })}
        allowDeselect={false}
        w={150}
        comboboxProps={{ width: 'max-content', position: 'bottom-start' }}
        readOnly={disabled}
        data-testid="target-operator"
      />
      <FieldValueInput draft={draft} field={field} onChange={onChange} disabled={disabled} />
    </>
  );
}

const DATE_WORDED: ReadonlySet<FieldOperator> = new Set(['<', '<=', '>', '>=']);

/** Operators as i18n keys (a key cannot be "<="). */
function operatorKey(op: FieldOperator): string {
  const names: Partial<Record<FieldOperator, string>> = {
    '=': 'eq',
    '!=': 'ne',
    '<': 'lt',
    '<=': 'le',
    '>': 'gt',
    '>=': 'ge',
  };
  return names[op] ?? op;
}
