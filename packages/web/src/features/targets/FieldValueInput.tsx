import { MultiSelect, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { SpanInputs } from './SpanInputs.tsx';
import type { FieldDraft } from './targetDraft.ts';
import type { TargetField } from './useTargetOptions.ts';

/**
 * The value of a field condition, in an input of the field's type: a choice field's values to pick (one for
 * is / is not, several for is one of), yes or no, a number, a date, or a text.
 */
export function FieldValueInput({
  draft,
  field,
  onChange,
  disabled,
}: {
  draft: FieldDraft;
  field: TargetField | undefined;
  onChange: (draft: FieldDraft) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('targets.value');
  const type = field?.type;
  // A stored value the field no longer allows still shows, so it can be seen and changed.
  const choices = field?.values
    ? [...new Set([...field.values, ...(draft.op === 'in' ? draft.values : [draft.value])])].filter(
        (value) => value !== '',
      )
    : null;
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
      return choices ? (
        <MultiSelect
          size="xs"
          label={t('targets.values')}
          data={choices}
          value={draft.values}
          onChange={(values) => onChange({ ...draft, values })}
          miw={220}
          readOnly={disabled}
          data-testid="target-values"
        />
      ) : (
        <TagsInput
          size="xs"
          label={t('targets.values')}
          description={t(type === 'date' ? 'targets.valuesDateHint' : 'targets.valuesHint')}
          value={draft.values}
          onChange={(values) => onChange({ ...draft, values })}
          miw={220}
          readOnly={disabled}
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
          readOnly={disabled}
          data-testid="target-value"
        />
      );
    default:
      break;
  }
  if (choices) {
    return (
      <Select
        size="xs"
        label={label}
        data={choices}
        value={draft.value || null}
        onChange={(value) => value !== null && onChange({ ...draft, value })}
        allowDeselect={false}
        w={180}
        readOnly={disabled}
        data-testid="target-value"
      />
    );
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
        readOnly={disabled}
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
        readOnly={disabled}
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
      readOnly={disabled}
      data-testid="target-value"
    />
  );
}
