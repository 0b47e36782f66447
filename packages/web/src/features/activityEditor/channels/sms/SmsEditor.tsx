import { countSmsSegments, type SmsSegmentCount } from '@herald/protocol';
import { Badge, Box, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview, PreviewErrors } from '../shared/EditorWithPreview.tsx';
import { InsertFieldMenu } from '../shared/InsertFieldMenu.tsx';
import { insertAtCursor } from '../shared/insertAtCursor.ts';
import { usePersonalizedPreview } from '../shared/usePersonalizedPreview.ts';
import {
  countSmsTemplate,
  distinctNonGsmCharacters,
  markNonGsmCharacters,
  shortLinkTag,
} from './smsMarking.ts';

/**
 * The SMS editor: the text, counted live in characters and segments as written (GSM-7 or UCS-2, with the
 * characters that forced UCS-2 marked), and again as the preview recipient receives it (the server renders the
 * draft); a shortened-link helper; a phone bubble with the personalized text.
 */
export function SmsEditor({ activity, content, onChange, readOnly }: ChannelEditorProps<'sms'>) {
  const { t } = useTranslation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [link, setLink] = useState('');
  const { preview, isUpdating } = usePersonalizedPreview(activity, 'sms', content);
  const written = countSmsTemplate(content.text);
  const personalized = preview ? countSmsSegments(preview.text) : undefined;
  const setText = (text: string) => onChange({ ...content, text });
  const addLink = () => {
    const url = link.trim();
    if (!url) return;
    const element = textRef.current;
    setText(
      insertAtCursor(
        content.text,
        shortLinkTag(url),
        element?.selectionStart ?? null,
        element?.selectionEnd ?? null,
      ).text,
    );
    setLink('');
  };

  const fields = (
    <>
      <Stack gap={4}>
        <Group justify="space-between" align="end">
          <Text component="label" htmlFor="sms-text" fw={500} size="sm">
            {t('channelEditors.sms.text')}
          </Text>
          <InsertFieldMenu
            target={textRef}
            value={content.text}
            onInsert={setText}
            disabled={readOnly}
            testId="sms-insert-field"
          />
        </Group>
        <Textarea
          id="sms-text"
          ref={textRef}
          value={content.text}
          onChange={(event) => setText(event.currentTarget.value)}
          readOnly={readOnly}
          autosize
          minRows={4}
          maxLength={1600}
          data-testid="sms-text"
          aria-describedby="sms-count"
        />
      </Stack>
      <SmsCount id="sms-count" label={t('channelEditors.sms.asWritten')} count={written} testId="sms-count" />
      {written.encoding === 'UCS-2' && (
        <Stack gap={4} data-testid="sms-ucs2-characters">
          <Text size="sm">
            {t('channelEditors.sms.ucs2Because', { characters: distinctNonGsmCharacters(written).join(' ') })}
          </Text>
          <Paper withBorder p="xs" aria-label={t('channelEditors.sms.markedText')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {markNonGsmCharacters(content.text).map((run, index) =>
                run.forcesUcs2 ? (
                  <Box
                    component="mark"
                    key={index}
                    data-testid="sms-ucs2-mark"
                    title={t('channelEditors.sms.notGsm')}
                    style={{
                      background: 'var(--mantine-color-yellow-3)',
                      outline: '1px solid var(--mantine-color-red-7)',
                    }}
                  >
                    {run.text}
                  </Box>
                ) : (
                  <span key={index}>{run.text}</span>
                ),
              )}
            </Text>
          </Paper>
        </Stack>
      )}
      <Group align="end" gap="xs">
        <TextInput
          label={t('channelEditors.sms.shortLink')}
          description={t('channelEditors.sms.shortLinkHint')}
          placeholder="https://"
          value={link}
          onChange={(event) => setLink(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addLink();
            }
          }}
          readOnly={readOnly}
          style={{ flex: 1 }}
          data-testid="sms-short-link-url"
        />
        <Button
          variant="light"
          onClick={addLink}
          disabled={readOnly || !link.trim()}
          data-testid="sms-short-link-add"
        >
          {t('channelEditors.sms.addShortLink')}
        </Button>
      </Group>
      <PreviewErrors errors={preview?.errors ?? []} />
    </>
  );

  const phone = (
    <Stack gap="sm">
      <Box
        data-testid="sms-phone"
        style={{
          border: '8px solid var(--mantine-color-dark-6)',
          borderRadius: 28,
          padding: '24px 12px',
          maxWidth: 320,
          minHeight: 260,
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Text size="xs" c="dimmed" ta="center" mb="sm">
          {t('channelEditors.sms.phoneHeading')}
        </Text>
        <Box
          data-testid="sms-bubble"
          style={{
            background: 'var(--mantine-color-gray-3)',
            color: 'var(--mantine-color-black)',
            borderRadius: 16,
            padding: '8px 12px',
            maxWidth: '85%',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {preview?.text ?? content.text}
        </Box>
      </Box>
      {personalized && (
        <SmsCount
          label={t('channelEditors.sms.personalized')}
          count={personalized}
          testId="sms-personalized-count"
          updating={isUpdating}
        />
      )}
    </Stack>
  );

  return <EditorWithPreview testId="sms-editor" fields={fields} preview={phone} />;
}

function SmsCount({
  id,
  label,
  count,
  testId,
  updating,
}: {
  id?: string;
  label: string;
  count: SmsSegmentCount;
  testId: string;
  updating?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" id={id} data-testid={testId} aria-live="polite" opacity={updating ? 0.6 : 1}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Badge
        variant="light"
        color={count.encoding === 'GSM-7' ? 'teal' : 'orange'}
        data-testid={`${testId}-encoding`}
      >
        {count.encoding}
      </Badge>
      <Text size="sm" data-testid={`${testId}-figures`}>
        {t('channelEditors.sms.figures', {
          characters: count.characters,
          segments: count.segments,
          remaining: count.remaining,
        })}
      </Text>
    </Group>
  );
}
