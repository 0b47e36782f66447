import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CONTENT_BLOCK_FORMATS, CONTENT_BLOCK_MAX_CHARACTERS } from '@herald/protocol';
import type { ContentBlockFormat } from '@herald/protocol';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { tagsOf } from '../assets/asset.ts';
import type { ContentBlock } from './contentBlock.ts';

/** Creates a content block (`block: null`) or edits one, its target included; closes once stored. */
export function ContentBlockFormModal({
  opened,
  block,
  onClose,
}: {
  opened: boolean;
  block: ContentBlock | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      size="lg"
      title={block ? t('contentBlocks.editTitle') : t('contentBlocks.newTitle')}
      data-testid="content-block-modal"
    >
      {opened && (
        <BlockForm key={block ? `${block.id}-${block.version}` : 'new'} block={block} onClose={onClose} />
      )}
    </Modal>
  );
}

function BlockForm({ block, onClose }: { block: ContentBlock | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const organization = useCurrentOrganization();
  const [name, setName] = useState(block?.name ?? '');
  const [format, setFormat] = useState<ContentBlockFormat>(block?.format ?? 'html');
  const [content, setContent] = useState(block?.content ?? '');
  const [tags, setTags] = useState(block?.tags.join(', ') ?? '');
  const [isPublished, setPublished] = useState(block?.isPublished ?? false);
  const [target, setTarget] = useState(block?.target ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameMissing = name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organization || nameMissing) return;
    setSaving(true);
    setError(null);
    const organizationId = organization.organizationId;
    try {
      const fields = { name: name.trim(), format, content, tags: tagsOf(tags), isPublished };
      const written = await organization.channel.request('writeRecords', {
        organizationId,
        type: 'contentBlock',
        data: [block ? { id: block.id, version: block.version, ...fields } : fields],
      });
      const stored = written.records[0] as ContentBlock | undefined;
      if (stored && target.trim() !== (block?.target ?? ''))
        await organization.channel.request('updateContentBlockTarget', {
          organizationId,
          contentBlockId: stored.id,
          target: target.trim() === '' ? null : target,
        });
      showToast(t('contentBlocks.saved', { name: fields.name }));
      onClose();
    } catch (caught) {
      setError(
        errorText(
          errorTypeOf(caught) ?? 'ApplicationError',
          caught instanceof Error ? caught.message : undefined,
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label={t('contentBlocks.fields.name')}
          value={name}
          maxLength={200}
          required
          error={nameMissing && error !== null ? t('contentBlocks.nameRequired') : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="content-block-name"
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="content-block-format-label">
            {t('contentBlocks.fields.format')}
          </Text>
          <SegmentedControl
            aria-labelledby="content-block-format-label"
            value={format}
            onChange={(value) => setFormat(value as ContentBlockFormat)}
            data={CONTENT_BLOCK_FORMATS.map((value) => ({
              value,
              label: t(`contentBlocks.formats.${value}`),
            }))}
            w="fit-content"
          />
        </Stack>
        <Textarea
          label={t('contentBlocks.fields.content')}
          value={content}
          maxLength={CONTENT_BLOCK_MAX_CHARACTERS}
          autosize
          minRows={6}
          maxRows={16}
          ff="monospace"
          onChange={(event) => setContent(event.currentTarget.value)}
          data-testid="content-block-content"
        />
        <TextInput
          label={t('contentBlocks.fields.tags')}
          description={t('assets.fields.tagsHint')}
          value={tags}
          onChange={(event) => setTags(event.currentTarget.value)}
          data-testid="content-block-tags"
        />
        <TextInput
          label={t('contentBlocks.fields.target')}
          description={t('contentBlocks.fields.targetHint')}
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          ff="monospace"
          data-testid="content-block-target"
        />
        <Checkbox
          label={t('contentBlocks.fields.publish')}
          checked={isPublished}
          onChange={(event) => setPublished(event.currentTarget.checked)}
          data-testid="content-block-publish"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="content-block-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={nameMissing} data-testid="content-block-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
