import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview, PreviewErrors } from '../shared/EditorWithPreview.tsx';
import { InsertFieldMenu } from '../shared/InsertFieldMenu.tsx';
import { usePersonalizedPreview } from '../shared/usePersonalizedPreview.ts';
import { LineBubbles } from './LineBubbles.tsx';
import {
  LINE_MAX_MESSAGES,
  addLineMessage,
  moveLineMessage,
  parseFlexContents,
  removeLineMessage,
  renderedTexts,
  replaceLineMessage,
  type LineMessage,
  type LineMessageType,
} from './lineMessages.ts';

const TYPES: readonly LineMessageType[] = ['text', 'image', 'flex'];

/**
 * The LINE editor: one to five messages of text, image or flex, added, removed (with undo) and moved up or down
 * with buttons (keyboard-friendly), previewed as LINE bubbles with the texts personalized.
 */
export function LineEditor({ activity, content, onChange, readOnly }: ChannelEditorProps<'line'>) {
  const { t } = useTranslation();
  const { preview } = usePersonalizedPreview(activity, 'line', content);
  const [removed, setRemoved] = useState<{ message: LineMessage; index: number } | null>(null);
  const messages = content.messages;
  const set = (next: LineMessage[]) => onChange({ ...content, messages: next });
  const undo = () => {
    if (!removed || messages.length >= LINE_MAX_MESSAGES) return;
    const restored = [...messages];
    restored.splice(Math.min(removed.index, restored.length), 0, removed.message);
    set(restored);
    setRemoved(null);
  };

  const fields = (
    <>
      <Stack gap="sm" data-testid="line-messages">
        {messages.map((message, index) => (
          <Paper
            withBorder
            p="sm"
            key={index}
            data-testid={`line-message-${index + 1}`}
            data-type={message.type}
          >
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5">
                {t('channelEditors.line.message', {
                  number: index + 1,
                  type: t(`channelEditors.line.types.${message.type}`),
                })}
              </Title>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('channelEditors.line.moveUp', { number: index + 1 })}
                  disabled={readOnly || index === 0}
                  onClick={() => set(moveLineMessage(messages, index, -1))}
                  data-testid={`line-message-${index + 1}-up`}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('channelEditors.line.moveDown', { number: index + 1 })}
                  disabled={readOnly || index === messages.length - 1}
                  onClick={() => set(moveLineMessage(messages, index, 1))}
                  data-testid={`line-message-${index + 1}-down`}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('channelEditors.line.remove', { number: index + 1 })}
                  disabled={readOnly || messages.length <= 1}
                  onClick={() => {
                    setRemoved({ message, index });
                    set(removeLineMessage(messages, index));
                  }}
                  data-testid={`line-message-${index + 1}-remove`}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
            <LineMessageFields
              message={message}
              number={index + 1}
              readOnly={readOnly}
              onChange={(changed) => set(replaceLineMessage(messages, index, changed))}
            />
          </Paper>
        ))}
      </Stack>
      {removed && (
        <Group gap="xs" role="status" data-testid="line-removed">
          <Text size="sm">{t('channelEditors.line.removed')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={undo} data-testid="line-undo-remove">
            {t('channelEditors.line.undo')}
          </Button>
        </Group>
      )}
      <Group gap="xs">
        {TYPES.map((type) => (
          <Button
            key={type}
            variant="light"
            size="sm"
            disabled={readOnly || messages.length >= LINE_MAX_MESSAGES}
            onClick={() => {
              setRemoved(null);
              set(addLineMessage(messages, type));
            }}
            data-testid={`line-add-${type}`}
          >
            {t(`channelEditors.line.add.${type}`)}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('channelEditors.line.limit', { count: messages.length, max: LINE_MAX_MESSAGES })}
      </Text>
      <PreviewErrors errors={preview?.errors ?? []} />
    </>
  );
  return (
    <EditorWithPreview
      testId="line-editor"
      fields={fields}
      preview={<LineBubbles messages={messages} texts={renderedTexts(preview?.text, messages)} />}
    />
  );
}

function LineMessageFields({
  message,
  number,
  readOnly,
  onChange,
}: {
  message: LineMessage;
  number: number;
  readOnly: boolean;
  onChange: (message: LineMessage) => void;
}) {
  const { t } = useTranslation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = `line-message-${number}`;
  switch (message.type) {
    case 'text':
      return (
        <Stack gap={4}>
          <Group justify="space-between" align="end">
            <Text component="label" htmlFor={`${id}-text`} size="sm" fw={500}>
              {t('channelEditors.line.text')}
            </Text>
            <InsertFieldMenu
              target={textRef}
              value={message.text}
              onInsert={(text) => onChange({ ...message, text })}
              disabled={readOnly}
              testId={`${id}-insert-field`}
            />
          </Group>
          <Textarea
            id={`${id}-text`}
            ref={textRef}
            value={message.text}
            autosize
            minRows={2}
            maxLength={5000}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...message, text: event.currentTarget.value })}
            data-testid={`${id}-text`}
          />
        </Stack>
      );
    case 'image':
      return (
        <Stack gap="xs">
          <TextInput
            label={t('channelEditors.line.imageUrl')}
            placeholder="https://"
            value={message.originalContentUrl}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...message, originalContentUrl: event.currentTarget.value })}
            data-testid={`${id}-image-url`}
          />
          <TextInput
            label={t('channelEditors.line.previewImageUrl')}
            description={t('channelEditors.line.previewImageUrlHint')}
            placeholder="https://"
            value={message.previewImageUrl}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...message, previewImageUrl: event.currentTarget.value })}
            data-testid={`${id}-preview-image-url`}
          />
        </Stack>
      );
    case 'flex':
      return <FlexFields message={message} id={id} readOnly={readOnly} onChange={onChange} />;
  }
}

/** A flex message: its alt text and its layout as JSON, kept as typed until it parses into an object. */
function FlexFields({
  message,
  id,
  readOnly,
  onChange,
}: {
  message: Extract<LineMessage, { type: 'flex' }>;
  id: string;
  readOnly: boolean;
  onChange: (message: LineMessage) => void;
}) {
  const { t } = useTranslation();
  const [json, setJson] = useState(() => JSON.stringify(message.contents, null, 2));
  const [problem, setProblem] = useState<'json' | 'object' | null>(null);
  // The layout last written from here; a different one came from outside (a move, an undo): show it instead.
  const [synced, setSynced] = useState(message.contents);
  if (synced !== message.contents) {
    setSynced(message.contents);
    setJson(JSON.stringify(message.contents, null, 2));
    setProblem(null);
  }
  return (
    <Stack gap="xs">
      <TextInput
        label={t('channelEditors.line.altText')}
        description={t('channelEditors.line.altTextHint')}
        value={message.altText}
        maxLength={400}
        readOnly={readOnly}
        onChange={(event) => onChange({ ...message, altText: event.currentTarget.value })}
        data-testid={`${id}-alt-text`}
      />
      <Textarea
        label={t('channelEditors.line.flexContents')}
        description={t('channelEditors.line.flexContentsHint')}
        value={json}
        autosize
        minRows={4}
        maxRows={16}
        readOnly={readOnly}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={problem ? t(`channelEditors.line.flexErrors.${problem}`) : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setJson(text);
          const parsed = parseFlexContents(text);
          if ('error' in parsed) return setProblem(parsed.error);
          setProblem(null);
          setSynced(parsed.contents);
          onChange({ ...message, contents: parsed.contents });
        }}
        data-testid={`${id}-flex-contents`}
      />
    </Stack>
  );
}
