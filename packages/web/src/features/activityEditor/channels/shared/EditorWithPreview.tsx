import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';

/**
 * A channel editor's two halves: the fields on the left, the live preview on the right (stacked on a narrow
 * screen). The preview column is a labelled region, so a screen reader can jump to it.
 */
export function EditorWithPreview({
  fields,
  preview,
  testId,
}: {
  fields: ReactNode;
  preview: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid={testId}>
      <Stack gap="md">{fields}</Stack>
      <Paper
        component="section"
        withBorder
        p="md"
        radius="md"
        aria-labelledby={`${testId}-preview-title`}
        data-testid={`${testId}-preview`}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`${testId}-preview-title`}>
            {t('channelEditors.preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('channelEditors.preview.sampleRecipient')}
          </Text>
          {preview}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** The template errors renderPreview reported, in the author's words, under the fields. */
export function PreviewErrors({ errors }: { errors: ReadonlyArray<{ message: string; line?: number }> }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Stack gap={4} role="alert" data-testid="channel-preview-errors">
      {errors.map((error, index) => (
        <Text key={index} size="sm" c="red.8">
          {error.line === undefined
            ? error.message
            : t('channelEditors.preview.errorOnLine', { line: error.line, message: error.message })}
        </Text>
      ))}
    </Stack>
  );
}
