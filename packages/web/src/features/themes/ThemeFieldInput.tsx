import { ColorInput, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { ThemeField } from './themeFields.ts';

const ALIGNMENTS = ['left', 'center', 'right'] as const;

/** One field of the theme form, labelled in the interface language; its key is its path (`style.body.width`). */
export function ThemeFieldInput({
  field,
  value,
  onChange,
}: {
  field: ThemeField;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const label = t(`themes.fields.${field.path}`);
  const testId = `theme-field-${field.path}`;
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-testid={testId}
        />
      );
    case 'colour':
      return (
        <ColorInput
          label={label}
          value={String(value)}
          onChange={onChange}
          format="hex"
          // The eye dropper is a button without a name (axe: button-name); typing or picking covers it.
          withEyeDropper={false}
          data-testid={testId}
        />
      );
    case 'textarea':
      return (
        <Textarea
          label={label}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={2}
          data-testid={testId}
        />
      );
    case 'alignment':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${testId}-label`}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={`${testId}-label`}
            value={String(value)}
            onChange={onChange}
            data={ALIGNMENTS.map((alignment) => ({
              value: alignment,
              label: t(`themes.alignments.${alignment}`),
            }))}
            data-testid={testId}
          />
        </Stack>
      );
    default:
      return (
        <TextInput
          label={label}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          description={field.kind === 'pixels' ? t('themes.pixelsHint') : undefined}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-testid={testId}
        />
      );
  }
}
