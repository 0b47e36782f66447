import { Code, Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { caretLine } from './targetText.ts';
import type { TextReading } from './targetText.ts';

/**
 * The text mode of the builder: the target in the language of docs/target-expressions.md, read on every
 * change. A parse error shows under the textarea with a caret under the place the parser stopped.
 */
export function TargetTextEditor({
  text,
  reading,
  onChange,
  disabled,
}: {
  text: string;
  reading: TextReading;
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <Stack gap={4}>
      <Textarea
        label={t('targets.textLabel')}
        description={t('targets.textHint')}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={16}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={!reading.ok}
        aria-describedby={reading.ok ? undefined : errorId}
        readOnly={disabled}
        data-testid="target-text"
      />
      {!reading.ok && (
        <Stack gap={2} id={errorId} data-testid="target-parse-error" data-position={reading.position}>
          <Code block aria-hidden data-testid="target-parse-caret">
            {`${reading.place.lineText}\n${caretLine(reading.place)}`}
          </Code>
          <Text size="sm" c="red" role="alert">
            {t('targets.parseError', {
              line: reading.place.line,
              column: reading.place.column,
              message: reading.message,
            })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
