import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { showToast } from '../../platform/alerts/toast.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { TAG_NAME_MAX, emptyTagForm, tagToForm, tagWrite, validateTagForm } from './tag.ts';
import type { Tag, TagForm } from './tag.ts';

/** Creates a tag (`tag: null`) or renames one; closes once the server has stored it. */
export function TagFormModal({
  opened,
  tag,
  onClose,
}: {
  opened: boolean;
  tag: Tag | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={tag ? t('tags.renameTitle') : t('tags.newTitle')}
      data-testid="tag-form-modal"
    >
      {/* Keyed so each opening starts from the tag as it is now. */}
      {opened && <TagFormBody key={tag ? `${tag.id}-${tag.version}` : 'new'} tag={tag} onClose={onClose} />}
    </Modal>
  );
}

function TagFormBody({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TagForm>(() => (tag ? tagToForm(tag) : emptyTagForm()));
  const [touched, setTouched] = useState(false);
  const errors = validateTagForm(form);
  const saving = useWriteRecords('tag', {
    onSuccess: ({ records }) => {
      showToast(
        tag
          ? t('tags.renamedToast', { name: records[0]?.name ?? form.name.trim() })
          : t('tags.createdToast', { name: records[0]?.name ?? form.name.trim() }),
      );
      onClose();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name) return;
    saving.mutate([tagWrite(form, tag)]);
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="tag-form">
      <Stack>
        <RecordsError error={saving.error} testId="tag-save-error" />
        <TextInput
          label={t('tags.fields.name')}
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
          error={touched && errors.name ? t(`tags.errors.${errors.name}`, { max: TAG_NAME_MAX }) : undefined}
          maxLength={TAG_NAME_MAX + 1}
          required
          data-autofocus
        />
        <Textarea
          label={t('tags.fields.description')}
          value={form.description}
          onChange={(event) => setForm({ ...form, description: event.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} data-testid="tag-save">
            {tag ? t('common.save') : t('tags.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
