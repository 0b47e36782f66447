import { Alert, Fieldset, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { targetIncludesListOrAudience } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { TargetCount } from './TargetCount.tsx';
import { TargetGroupEditor } from './TargetGroupEditor.tsx';
import { TargetTextEditor } from './TargetTextEditor.tsx';
import { draftFromTree, incompleteConditions, treeFromDraft } from './targetDraft.ts';
import type { DraftGroup } from './targetDraft.ts';
import { readTargetText, targetText } from './targetText.ts';
import { useTargetCount } from './useTargetCount.ts';
import { useTargetOptions } from './useTargetOptions.ts';

export interface TargetExpressionInputProps {
  value: TargetNode | null;
  onChange: (tree: TargetNode | null) => void;
  label?: string;
  error?: string;
  showCount?: boolean;
  /**
   * Read-only: the target shows as the builder or the text, readable (not greyed) and counted, with nothing to
   * add, remove or change. Switching between the builder and the text stays open: it changes nothing.
   */
  disabled?: boolean;
  /** Warn when no list or audience is named (functional §5), as a target to send to; off for a filter. */
  warnWithoutList?: boolean;
}

type Mode = 'visual' | 'text';

/**
 * The target expression builder (PROTOCOL §6): a visual mode of nested groups and conditions, and a text
 * mode in the expression language, kept in step. `onChange` gets the tree of what is complete (null for
 * nothing, or for a text that does not parse, so a half-typed target is never saved). Reads the current
 * organization's lists, audiences, tags, partitions and fields for its pickers, and counts the subscribers
 * the target reaches as it changes. Warns (functional §5) when no list or audience is named.
 */
export function TargetExpressionInput({
  value,
  onChange,
  label,
  error,
  showCount = true,
  disabled,
  warnWithoutList = true,
}: TargetExpressionInputProps) {
  const { t } = useTranslation();
  const options = useTargetOptions();
  const [mode, setMode] = useState<Mode>('visual');
  const [draft, setDraft] = useState<DraftGroup>(() => draftFromTree(value));
  const [text, setText] = useState(() => targetText(value));
  const [switchRefused, setSwitchRefused] = useState(false);
  // The canonical text of the last tree this input sent or was given: a `value` that differs came from
  // outside (a reload, a reset) and replaces what is being edited; one that agrees is our own edit coming back.
  const known = useRef(targetText(value));

  useEffect(() => {
    const incoming = targetText(value);
    if (incoming === known.current) return;
    known.current = incoming;
    setDraft(draftFromTree(value));
    setText(incoming);
  }, [value]);

  const emit = (tree: TargetNode | null) => {
    const next = targetText(tree);
    if (next === known.current) return;
    known.current = next;
    onChange(tree);
  };

  const reading = readTargetText(text);
  const tree =
    mode === 'visual' ? treeFromDraft(draft, options.fieldTypes) : reading.ok ? reading.tree : null;
  // Counted in read-only form too: a person who may only read an audience still asks how many it reaches.
  const count = useTargetCount(tree, showCount);
  const incomplete = mode === 'visual' ? incompleteConditions(draft, options.fieldTypes) : 0;

  const changeDraft = (next: DraftGroup) => {
    setDraft(next);
    emit(treeFromDraft(next, options.fieldTypes));
  };
  const changeText = (next: string) => {
    setText(next);
    setSwitchRefused(false);
    const read = readTargetText(next);
    emit(read.ok ? read.tree : null);
  };
  const changeMode = (next: Mode) => {
    if (next === mode) return;
    if (next === 'text') {
      setText(targetText(treeFromDraft(draft, options.fieldTypes)));
    } else {
      // A text that does not parse has no tree to show: stay, and say why.
      if (!reading.ok) {
        setSwitchRefused(true);
        return;
      }
      setDraft(draftFromTree(reading.tree));
    }
    setSwitchRefused(false);
    setMode(next);
  };

  return (
    <Fieldset
      legend={label}
      variant="unstyled"
      data-read-only={disabled || undefined}
      data-testid="target-expression"
      data-mode={mode}
      aria-invalid={error ? true : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'visual', label: t('targets.modes.visual') },
              { value: 'text', label: t('targets.modes.text') },
            ]}
            value={mode}
            onChange={(next) => changeMode(next as Mode)}
            aria-label={t('targets.mode')}
            data-testid="target-mode"
          />
          {showCount && (
            <TargetCount
              total={count.total}
              error={count.error}
              isCounting={count.isCounting}
              isStale={count.isStale}
            />
          )}
        </Group>
        {mode === 'visual' ? (
          <TargetGroupEditor group={draft} onChange={changeDraft} options={options} disabled={disabled} />
        ) : (
          <TargetTextEditor text={text} reading={reading} onChange={changeText} disabled={disabled} />
        )}
        {switchRefused && (
          <Text size="sm" c="red" role="alert" data-testid="target-switch-refused">
            {t('targets.fixTextFirst')}
          </Text>
        )}
        {incomplete > 0 && (
          <Text size="xs" c="dimmed" data-testid="target-incomplete">
            {incomplete === 1
              ? t('targets.incompleteOne')
              : t('targets.incompleteMany', { count: incomplete })}
          </Text>
        )}
        {warnWithoutList && tree !== null && !targetIncludesListOrAudience(tree) && (
          <Alert color="yellow" data-testid="target-warning">
            {t('errors.TargetWithoutListError')}
          </Alert>
        )}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="target-error">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
