import { ActionIcon, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { TARGET_MAX_DEPTH } from '@herald/protocol';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { TargetConditionRow } from './TargetConditionRow.tsx';
import { newCondition, newGroup } from './targetDraft.ts';
import type { DraftGroup, DraftItem } from './targetDraft.ts';
import type { TargetOptions } from './useTargetOptions.ts';

/**
 * A group of the builder: its conditions and inner groups joined by "all of" (and) or "any of" (or), with
 * `not` over the whole group. The root group cannot be removed; inner groups are indented under a rule.
 */
export function TargetGroupEditor({
  group,
  onChange,
  onRemove,
  options,
  disabled,
  depth = 1,
}: {
  group: DraftGroup;
  onChange: (group: DraftGroup) => void;
  onRemove?: () => void;
  options: TargetOptions;
  disabled?: boolean;
  depth?: number;
}) {
  const { t } = useTranslation();
  const setItem = (index: number, next: DraftItem | null) => {
    const items = [...group.items];
    if (next === null) items.splice(index, 1);
    else items[index] = next;
    onChange({ ...group, items });
  };
  const add = (item: DraftItem) => onChange({ ...group, items: [...group.items, item] });

  return (
    <Stack
      gap="xs"
      data-testid="target-group"
      data-join={group.join}
      role="group"
      aria-label={depth === 1 ? t('targets.rootGroup') : t('targets.innerGroup')}
      pl={depth === 1 ? 0 : 'sm'}
      style={depth === 1 ? undefined : { borderLeft: '3px solid var(--mantine-color-blue-3)' }}
    >
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'and', label: t('targets.joins.and') },
              { value: 'or', label: t('targets.joins.or') },
            ]}
            value={group.join}
            onChange={(join) => onChange({ ...group, join: join as DraftGroup['join'] })}
            aria-label={t('targets.join')}
            readOnly={disabled}
            data-testid="target-join"
          />
          <Checkbox
            size="xs"
            label={t('targets.notGroup')}
            checked={group.negated}
            onChange={(event) => onChange({ ...group, negated: event.currentTarget.checked })}
            disabled={disabled}
            data-testid="target-group-not"
          />
        </Group>
        {onRemove && !disabled && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('targets.removeGroup')}
            onClick={onRemove}
            disabled={disabled}
          >
            ✕
          </ActionIcon>
        )}
      </Group>
      {group.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('targets.emptyGroup')}
        </Text>
      )}
      {group.items.map((item, index) =>
        item.type === 'group' ? (
          <TargetGroupEditor
            key={item.key}
            group={item}
            onChange={(next) => setItem(index, next)}
            onRemove={() => setItem(index, null)}
            options={options}
            disabled={disabled}
            depth={depth + 1}
          />
        ) : (
          <TargetConditionRow
            key={item.key}
            item={item}
            onChange={(next) => setItem(index, next)}
            onRemove={() => setItem(index, null)}
            options={options}
            disabled={disabled}
          />
        ),
      )}
      {/* Read-only, the conditions are all there is to see: nothing to add. */}
      {!disabled && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => add(newCondition())}
            disabled={disabled}
            data-testid="target-add-condition"
          >
            {t('targets.addCondition')}
          </Button>
          {/* Each group is a level of nesting: the language takes so many and no more. */}
          {depth < TARGET_MAX_DEPTH - 1 && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => add(newGroup(group.join === 'and' ? 'or' : 'and', [newCondition()]))}
              disabled={disabled}
              data-testid="target-add-group"
            >
              {t('targets.addGroup')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
