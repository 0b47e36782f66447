import { Select, Stack, Text } from '@mantine/core';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { TargetField, TargetFieldKind } from './useTargetOptions.ts';

/** Wide enough for the longest translated label with its key beneath it ("Predicted engagement decile"). */
const DROPDOWN_WIDTH = 340;
const KIND_ORDER: readonly TargetFieldKind[] = ['profile', 'score', 'custom'];

/**
 * The label a person reads for a field: the translated name of a profile or score field, a custom field's
 * name in words. The key (`custom.loyalty_tier`) is what the text mode writes; the picker shows it beneath.
 */
export function useFieldLabel(): (field: TargetField | undefined, name: string) => string {
  const { t } = useTranslation();
  return (field, name) => {
    switch (field?.kind) {
      case 'profile':
        return t(`subscriber.fields.${field.name}`);
      case 'score':
        return t(`subscriber.scores.${field.name}`);
      case 'custom':
        return field.label ?? field.name;
      default:
        return name;
    }
  };
}

/** Matches the label or the key, so either a marketer's word or the text mode's name finds a field. */
const byLabelOrKey: OptionsFilter = ({ options, search }) => {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return options;
  const matches = (item: ComboboxItem) =>
    item.label.toLowerCase().includes(wanted) || item.value.toLowerCase().includes(wanted);
  return options.flatMap((option): ComboboxParsedItem[] => {
    if ('group' in option) {
      const items = option.items.filter(matches);
      return items.length > 0 ? [{ ...option, items }] : [];
    }
    return matches(option) ? [option] : [];
  });
};

/** The Field picker: translated labels grouped as profile fields, scores and custom fields, searchable. */
export function FieldPicker({
  value,
  fields,
  onChange,
  disabled,
}: {
  value: string;
  fields: ReadonlyMap<string, TargetField>;
  onChange: (name: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const groupLabels: Record<TargetFieldKind, string> = {
    profile: t('targets.standardFields'),
    score: t('targets.scoreFields'),
    custom: t('targets.customFields'),
  };
  const all = [...fields.values()];
  const data = KIND_ORDER.map((kind) => ({
    group: groupLabels[kind],
    items: all
      .filter((field) => field.kind === kind)
      .map((field) => ({ value: field.name, label: labelOf(field, field.name) }))
      .sort((a, b) => (kind === 'custom' ? a.label.localeCompare(b.label) : 0)),
  })).filter((group) => group.items.length > 0);
  // A field typed in text mode that the organization lacks still shows, by its key.
  if (value !== '' && !fields.has(value.toLowerCase())) {
    data.push({ group: t('targets.otherFields'), items: [{ value, label: value }] });
  }
  const known = fields.get(value.toLowerCase());

  return (
    <Select
      size="xs"
      label={t('targets.field')}
      data={data}
      value={known?.name ?? (value || null)}
      onChange={(name) => name && onChange(name)}
      searchable
      filter={byLabelOrKey}
      allowDeselect={false}
      w={220}
      comboboxProps={{ width: DROPDOWN_WIDTH, position: 'bottom-start' }}
      maxDropdownHeight={360}
      renderOption={({ option }) => {
        const field = fields.get(option.value.toLowerCase());
        return (
          <Stack gap={0} data-testid="target-field-option" data-field={option.value}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {field?.description ? `${option.value} · ${field.description}` : option.value}
            </Text>
          </Stack>
        );
      }}
      readOnly={disabled}
      data-testid="target-field"
    />
  );
}
