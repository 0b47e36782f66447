import { WEB_PLACEMENTS, type WebContent } from '@herald/protocol';
import { Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview, PreviewErrors } from '../shared/EditorWithPreview.tsx';
import { InsertFieldMenu } from '../shared/InsertFieldMenu.tsx';
import { usePersonalizedPreview } from '../shared/usePersonalizedPreview.ts';
import { webPreviewDocument } from './webPreviewDocument.ts';

/**
 * The on-site message editor: where it shows (a banner along the top or a modal) and its HTML, previewed over a
 * mock page in a frame sandboxed with no permissions at all, so a script in the HTML is shown, never run.
 */
export function WebEditor({ activity, content, onChange, readOnly }: ChannelEditorProps<'web'>) {
  const { t } = useTranslation();
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const { preview } = usePersonalizedPreview(activity, 'web', content);
  const fields = (
    <>
      <Stack gap={4}>
        <Text component="span" id="web-placement-label" fw={500} size="sm">
          {t('channelEditors.web.placement')}
        </Text>
        <SegmentedControl
          aria-labelledby="web-placement-label"
          value={content.placement}
          readOnly={readOnly}
          onChange={(placement) => onChange({ ...content, placement: placement as WebContent['placement'] })}
          data={WEB_PLACEMENTS.map((placement) => ({
            value: placement,
            label: t(`channelEditors.web.placements.${placement}`),
          }))}
          data-testid="web-placement"
        />
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between" align="end">
          <Text component="label" htmlFor="web-html" fw={500} size="sm">
            {t('channelEditors.web.html')}
          </Text>
          <InsertFieldMenu
            target={htmlRef}
            value={content.html}
            onInsert={(html) => onChange({ ...content, html })}
            disabled={readOnly}
            testId="web-insert-field"
          />
        </Group>
        <Textarea
          id="web-html"
          ref={htmlRef}
          value={content.html}
          autosize
          minRows={8}
          maxRows={24}
          readOnly={readOnly}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(event) => onChange({ ...content, html: event.currentTarget.value })}
          data-testid="web-html"
        />
      </Stack>
      <PreviewErrors errors={preview?.errors ?? []} />
    </>
  );
  const previewDocument = webPreviewDocument(preview?.html ?? content.html, content.placement);
  return (
    <EditorWithPreview
      testId="web-editor"
      fields={fields}
      preview={
        <iframe
          // A new frame for each document: changing a frame's srcdoc adds a step to the browser's history,
          // which Back would then walk through instead of leaving the page.
          key={previewDocument}
          title={t('channelEditors.web.previewFrame')}
          sandbox=""
          srcDoc={previewDocument}
          data-testid="web-preview-frame"
          style={{
            width: '100%',
            height: 360,
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 8,
          }}
        />
      }
    />
  );
}
