import { NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import type { TargetFieldType } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { operatorAfterFieldChange, operatorsFor } from './fieldOperators.ts';
import { SpanInputs } from './SpanInputs.tsx';
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
  const type = options.fieldTypes.get(draft.field.toLowerCase());
  const fieldLabel = (field: string) => {
    const known =
      t(`subscriber.fields.${field}`, { defaultValue: '' }) ||
      t(`subscriber.scores.${field}`, { defaultValue: '' });
    return known ? `${known} (${field})` : field;
  };
  const standard = [...options.fieldTypes.keys()].filter((field) => !field.startsWith('custom.'));
  const fieldData = [
    {
      group: t('targets.standardFields'),
      items: standard.map((value) => ({ value, label: fieldLabel(value) })),
    },
    ...(options.customFields.length > 0
      ? [
          {
            group: t('targets.customFields'),
            items: options.customFields.map((value) => ({ value, label: value })),
          },
        ]
      : []),
  ];
  // A field typed in text mode that the catalogue lacks still shows.
  if (draft.field !== '' && !options.fieldTypes.has(draft.field.toLowerCase())) {
    fieldData.push({ group: t('targets.otherFields'), items: [{ value: draft.field, label: draft.field }] });
  }
  const operators = operatorsFor(type);

  return (
    <>
      <Select
        size="xs"
        label={t('targets.field')}
        data={fieldData}
        value={draft.field || null}
        onChange={(field) =>
          field &&
          onChange({
            ...draft,
            field,
            op: operatorAfterFieldChange(draft.op, options.fieldTypes.get(field.toLowerCase())),
          })
        }
        searchable
        allowDeselect={false}
        w={220}
        disabled={disabled}
        data-testid="target-field"
      />
      <Select
        size="xs"
        label={t('targets.operator')}
        data={operators.map((value) => ({ value, label: t(`targets.operators.${operatorKey(value)}`) }))}
        value={operators.includes(draft.op) ? draft.op : null}
        onChange={(op) => op && onChange({ ...draft, op: op as FieldOperator })}
        allowDeselect={false}
        w={150}
        disabled={disabled}
        data-testid="target-operator"
      />
      <ValueInput draft={draft} type={type} onChange={onChange} disabled={disabled} />
    </>
  );
}

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

function ValueInput({
  draft,
  type,
  onChange,
  disabled,
}: {
  draft: FieldDraft;
  type: TargetFieldType | undefined;
  onChange: (draft: FieldDraft) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('targets.value');
  switch (draft.op) {
    case 'isempty':
      return null;
    case 'within':
      return (
        <SpanInputs
          span={draft.span}
          onChange={(span) => onChange({ ...draft, span })}
          amountLabel={t('targets.withinAmount')}
          disabled={disabled}
        />
      );
    case 'in':
      return (
        <TagsInput
          size="xs"
          label={t('targets.values')}
          description={t(type === 'date' ? 'targets.valuesDateHint' : 'targets.valuesHint')}
          value={draft.values}
          onChange={(values) => onChange({ ...draft, values })}
          miw={220}
          disabled={disabled}
          data-testid="target-values"
        />
      );
    case 'contains':
    case 'startswith':
      return (
        <TextInput
          size="xs"
          label={label}
          value={draft.value}
          onChange={(event) => onChange({ ...draft, value: event.currentTarget.value })}
          disabled={disabled}
          data-testid="target-value"
        />
      );
    default:
      break;
  }
  if (type === 'boolean') {
    return (
      <Select
        size="xs"
        label={label}
        data={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
        value={draft.value || null}
        onChange={(value) => value && onChange({ ...draft, value })}
        allowDeselect={false}
        w={100}
        disabled={disabled}
        data-testid="target-value"
      />
    );
  }
  if (type === 'number') {
    return (
      <NumberInput
        size="xs"
        label={label}
        value={draft.value}
        onChange={(value) => onChange({ ...draft, value: String(value) })}
        w={140}
        disabled={disabled}
        data-testid="target-value"
      />
    );
  }
  return (
    <TextInput
      size="xs"
      type={type === 'date' ? 'date' : 'text'}
      label={label}
      value={draft.value}
      onChange={(event) => onChange({ ...draft, value: event.currentTarget.value })}
      disabled={disabled}
      data-testid="target-value"
    />
  );
}
