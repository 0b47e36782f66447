import type { EmailContent } from '@herald/protocol';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { PreviewFrame } from './PreviewFrame.tsx';
import { DESKTOP_WIDTH } from './EmailPreview.tsx';

interface SourceViewProps {
  email: EmailContent;
  onChange: (email: EmailContent, burst?: string) => void;
  renderedHtml: string;
}

/**
 * For people who write MJML or HTML: the source with the rendered result beside it. A designed e-mail shows
 * the MJML its blocks write, read-only; writing it by hand leaves the block editor (undo brings it back).
 */
export function SourceView({ email, onChange, renderedHtml }: SourceViewProps) {
  const { t } = useTranslation();
  const language = email.mjml !== undefined ? 'mjml' : 'html';
  const source = email.mjml ?? email.html ?? '';
  const designed = email.design !== undefined;
  const write = (value: string) => {
    const { mjml: _mjml, html: _html, design: _design, ...rest } = email;
    onChange({ ...rest, [language]: value }, 'source');
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="source-view">
      <Stack gap="xs">
        {designed ? (
          <Alert color="blue">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('emailEditor.source.designed')}</Text>
              <Button size="xs" variant="light" onClick={() => write(source)}>
                {t('emailEditor.source.writeByHand')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <SegmentedControl
            size="xs"
            data={[
              { value: 'mjml', label: 'MJML' },
              { value: 'html', label: 'HTML' },
            ]}
            value={language}
            onChange={(value) => {
              const { mjml: _mjml, html: _html, ...rest } = email;
              onChange({ ...rest, [value]: source });
            }}
            aria-label={t('emailEditor.source.language')}
          />
        )}
        <Textarea
          label={t('emailEditor.source.label', { language: language.toUpperCase() })}
          readOnly={designed}
          autosize
          minRows={20}
          maxRows={40}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          value={source}
          onChange={(event) => write(event.currentTarget.value)}
        />
      </Stack>
      <PreviewFrame
        html={renderedHtml}
        width={DESKTOP_WIDTH}
        title={t('emailEditor.source.renderedFrame')}
        label={t('emailEditor.source.rendered')}
      />
    </SimpleGrid>
  );
}
