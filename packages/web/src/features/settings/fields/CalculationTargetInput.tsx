import { Code, Stack, Text, Textarea } from '@mantine/core';
import { parseTarget } from '@herald/protocol';
import { useTranslation } from 'react-i18next';

/** Characters of the target shown either side of a parse error's position. */
const EXCERPT_RADIUS = 30;

/**
 * A target expression typed as text (the calculation stores text: calculationSchema), read as typed so a
 * mistake shows with a caret under where the parser stopped. Stands in for the target builder.
 */
export function CalculationTargetInput({
  value,
  onChange,
  label,
  description,
  error,
  readOnly,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  description?: string;
  /** The form's error (shown once the form was touched); the caret shows whenever the text does not read. */
  error?: string;
  readOnly: boolean;
  testId?: string;
}) {
  const parsed = value.trim() === '' ? null : parseTarget(value);
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={description}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        readOnly={readOnly}
        autosize
        minRows={1}
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        data-testid={testId}
      />
      {parsed && !parsed.ok && <ParseCaret text={value} position={parsed.position} />}
    </Stack>
  );
}

/** The text around a parse error on one line, and a caret under the character where reading stopped. */
function ParseCaret({ text, position }: { text: string; position: number }) {
  const { t } = useTranslation();
  const start = Math.max(0, position - EXCERPT_RADIUS);
  const excerpt = text.slice(start, position + EXCERPT_RADIUS).replace(/\s/g, ' ');
  const lead = start > 0 ? '…' : '';
  return (
    <Stack gap={0} data-testid="target-parse-caret">
      <Code block style={{ whiteSpace: 'pre' }}>
        {`${lead}${excerpt}\n${' '.repeat(lead.length + position - start)}^`}
      </Code>
      <Text size="xs" c="dimmed">
        {t('settings.customFields.targetErrorAt', { position: position + 1 })}
      </Text>
    </Stack>
  );
}
