import type { PushContent } from '@herald/protocol';
import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview, PreviewErrors } from '../shared/EditorWithPreview.tsx';
import { InsertFieldMenu } from '../shared/InsertFieldMenu.tsx';
import { usePersonalizedPreview } from '../shared/usePersonalizedPreview.ts';
import { NotificationPreviews } from './NotificationPreviews.tsx';

/** The push notification editor: title, body, picture and deep link, previewed on Android and iOS. */
export function PushEditor({
  activity,
  content,
  onChange,
  readOnly,
}: ChannelEditorProps<'pushnotification'>) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const { preview } = usePersonalizedPreview(activity, 'pushnotification', content);
  const set = (change: Partial<PushContent>) => {
    const next = { ...content, ...change };
    // An emptied optional field leaves the content rather than being saved as "".
    if (!next.imageUrl) delete next.imageUrl;
    if (!next.deepLink) delete next.deepLink;
    onChange(next);
  };

  const fields = (
    <>
      <Stack gap={4}>
        <Group justify="space-between" align="end">
          <Text component="label" htmlFor="push-title" fw={500} size="sm">
            {t('channelEditors.push.title')}
          </Text>
          <InsertFieldMenu
            target={titleRef}
            value={content.title}
            onInsert={(title) => set({ title })}
            disabled={readOnly}
            testId="push-title-insert-field"
          />
        </Group>
        <TextInput
          id="push-title"
          ref={titleRef}
          value={content.title}
          maxLength={200}
          readOnly={readOnly}
          onChange={(event) => set({ title: event.currentTarget.value })}
          data-testid="push-title"
        />
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between" align="end">
          <Text component="label" htmlFor="push-body" fw={500} size="sm">
            {t('channelEditors.push.body')}
          </Text>
          <InsertFieldMenu
            target={bodyRef}
            value={content.body}
            onInsert={(body) => set({ body })}
            disabled={readOnly}
            testId="push-body-insert-field"
          />
        </Group>
        <Textarea
          id="push-body"
          ref={bodyRef}
          value={content.body}
          autosize
          minRows={3}
          maxLength={2000}
          readOnly={readOnly}
          onChange={(event) => set({ body: event.currentTarget.value })}
          data-testid="push-body"
        />
      </Stack>
      <TextInput
        label={t('channelEditors.push.imageUrl')}
        description={t('channelEditors.push.imageUrlHint')}
        placeholder="https://"
        value={content.imageUrl ?? ''}
        readOnly={readOnly}
        onChange={(event) => set({ imageUrl: event.currentTarget.value })}
        data-testid="push-image-url"
      />
      <TextInput
        label={t('channelEditors.push.deepLink')}
        description={t('channelEditors.push.deepLinkHint')}
        placeholder="myapp://offers/spring"
        value={content.deepLink ?? ''}
        readOnly={readOnly}
        onChange={(event) => set({ deepLink: event.currentTarget.value })}
        data-testid="push-deep-link"
      />
      <PreviewErrors errors={preview?.errors ?? []} />
    </>
  );
  return (
    <EditorWithPreview
      testId="push-editor"
      fields={fields}
      preview={
        <NotificationPreviews
          title={preview?.subject ?? content.title}
          body={preview?.text ?? content.body}
          imageUrl={content.imageUrl}
          appName={activity.name}
        />
      }
    />
  );
}
