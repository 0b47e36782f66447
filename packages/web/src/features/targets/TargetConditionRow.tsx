import { ActionIcon, Checkbox, Group, Paper, Select, Text } from '@mantine/core';
import { TARGET_LIST_STATES } from '@herald/protocol';
import type { TargetListState } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { EventConditionInputs } from './EventConditionInputs.tsx';
import { FieldConditionInputs } from './FieldConditionInputs.tsx';
import { CONDITION_KINDS, conditionNode, emptyCondition } from './targetDraft.ts';
import type { ConditionDraft, ConditionKind, DraftCondition } from './targetDraft.ts';
import { withCurrent } from './useTargetOptions.ts';
import type { TargetOption, TargetOptions } from './useTargetOptions.ts';

/** One condition of the builder: `not`, its kind, the inputs of that kind, and remove. */
export function TargetConditionRow({
  item,
  onChange,
  onRemove,
  options,
  disabled,
}: {
  item: DraftCondition;
  onChange: (item: DraftCondition) => void;
  onRemove: () => void;
  options: TargetOptions;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { condition } = item;
  const change = (next: ConditionDraft) => onChange({ ...item, condition: next });
  const incomplete = conditionNode(condition, options.fieldTypes) === null;
  const kindLabels: Record<ConditionKind, string> = {
    list: t('targets.kinds.list'),
    audience: t('targets.kinds.audience'),
    tag: t('targets.kinds.tag'),
    partition: t('targets.kinds.partition'),
    field: t('targets.kinds.field'),
    event: t('targets.kinds.event'),
  };

  return (
    <Paper
      withBorder
      p="xs"
      data-testid="target-condition"
      data-kind={condition.kind}
      data-incomplete={incomplete || undefined}
    >
      <Group gap="xs" align="flex-end">
        <Checkbox
          size="xs"
          label={t('targets.not')}
          checked={item.negated}
          onChange={(event) => onChange({ ...item, negated: event.currentTarget.checked })}
          disabled={disabled}
          mb={6}
          data-testid="target-condition-not"
        />
        <Select
          size="xs"
          label={t('targets.kind')}
          data={CONDITION_KINDS.map((value) => ({ value, label: kindLabels[value] }))}
          value={condition.kind}
          onChange={(kind) =>
            kind && kind !== condition.kind && change(emptyCondition(kind as ConditionKind))
          }
          allowDeselect={false}
          w={130}
          readOnly={disabled}
          data-testid="target-kind"
        />
        <ConditionInputs condition={condition} onChange={change} options={options} disabled={disabled} />
        {!disabled && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('targets.removeCondition')}
            onClick={onRemove}
            mb={4}
            data-testid="target-remove"
          >
            ✕
          </ActionIcon>
        )}
      </Group>
      {incomplete && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('targets.incompleteCondition')}
        </Text>
      )}
    </Paper>
  );
}

function ConditionInputs({
  condition,
  onChange,
  options,
  disabled,
}: {
  condition: ConditionDraft;
  onChange: (condition: ConditionDraft) => void;
  options: TargetOptions;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  switch (condition.kind) {
    case 'list':
      return (
        <>
          <IdPicker
            label={t('targets.kinds.list')}
            options={options.lists}
            value={condition.listId}
            onChange={(listId) => onChange({ ...condition, listId })}
            disabled={disabled}
          />
          <Select
            size="xs"
            label={t('targets.listState')}
            data={TARGET_LIST_STATES.map((value) => ({ value, label: t(`targets.listStates.${value}`) }))}
            value={condition.state}
            onChange={(state) => state && onChange({ ...condition, state: state as TargetListState })}
            allowDeselect={false}
            w={140}
            readOnly={disabled}
            data-testid="target-list-state"
          />
        </>
      );
    case 'audience':
      return (
        <IdPicker
          label={t('targets.kinds.audience')}
          options={options.audiences}
          value={condition.audienceId}
          onChange={(audienceId) => onChange({ ...condition, audienceId })}
          disabled={disabled}
        />
      );
    case 'tag':
      return (
        <IdPicker
          label={t('targets.kinds.tag')}
          options={options.tags}
          value={condition.tagId}
          onChange={(tagId) => onChange({ ...condition, tagId })}
          disabled={disabled}
        />
      );
    case 'partition':
      return (
        <IdPicker
          label={t('targets.kinds.partition')}
          options={options.partitions}
          value={condition.partitionId}
          onChange={(partitionId) => onChange({ ...condition, partitionId })}
          disabled={disabled}
        />
      );
    case 'field':
      return (
        <FieldConditionInputs
          draft={condition}
          onChange={(draft) => onChange({ ...draft, kind: 'field' })}
          options={options}
          disabled={disabled}
        />
      );
    case 'event':
      return (
        <EventConditionInputs
          draft={condition}
          onChange={(draft) => onChange({ ...draft, kind: 'event' })}
          disabled={disabled}
        />
      );
  }
}

/** A searchable picker of one list, audience, tag or partition, by name. */
function IdPicker({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: readonly TargetOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
}) {
  return (
    <Select
      size="xs"
      label={label}
      data={withCurrent(options, value)}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      searchable
      w={240}
      readOnly={disabled}
      data-testid="target-reference"
    />
  );
}
