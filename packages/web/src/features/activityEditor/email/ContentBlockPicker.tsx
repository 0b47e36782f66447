import { PUBLISHED_CONTENT_BLOCKS_QUERY } from '@herald/protocol';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useRecords, type TypedRecord } from '../../../platform/list/useRecords.ts';

export type PickedContentBlock = Pick<TypedRecord<'contentBlock'>, 'id' | 'name' | 'format' | 'content'>;

interface ContentBlockPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (block: PickedContentBlock) => void;
}

/**
 * Chooses one of the organization's published content blocks (functional §3 Content block), by
 * name or by tag, each shown with a small preview in a sandboxed frame (no script runs, as in the e-mail's).
 */
export function ContentBlockPicker({ opened, onClose, onPick }: ContentBlockPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const { query, ...window } = PUBLISHED_CONTENT_BLOCKS_QUERY;
  const all = useRecords('contentBlock', opened ? { ...window, offset: 0, filter: query.filter } : null);
  const shown = useRecords(
    'contentBlock',
    opened
      ? {
          ...window,
          offset: 0,
          filter: { ...query.filter, ...(tag ? { tag } : {}) },
          ...(search.trim() ? { search: search.trim() } : {}),
        }
      : null,
  );
  // Each opening starts afresh: a filter left from the last choice would hide blocks without saying so.
  const close = () => {
    setSearch('');
    setTag(null);
    onClose();
  };
  const tags = [...new Set((all.data?.records ?? []).flatMap((block) => block.tags))].sort();
  const blocks = shown.data?.records ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('emailEditor.blocks2.pickerTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="content-block-picker">
        <Group grow align="flex-end">
          <TextInput
            label={t('emailEditor.blocks2.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
          <Select
            label={t('emailEditor.blocks2.tag')}
            placeholder={t('emailEditor.blocks2.anyTag')}
            data={tags}
            value={tag}
            onChange={setTag}
            clearable
          />
        </Group>
        {shown.isPending && <Loader size="sm" />}
        {shown.isError && <Alert color="red">{t('emailEditor.blocks2.loadFailed')}</Alert>}
        {!shown.isPending && blocks.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('emailEditor.blocks2.noneFound')}
          </Text>
        )}
        {blocks.map((block) => (
          <Paper key={block.id} withBorder p="xs" data-testid="content-block-choice">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{block.name}</Text>
                <Group gap={4}>
                  {block.tags.map((each) => (
                    <Badge key={each} size="xs" variant="light">
                      {each}
                    </Badge>
                  ))}
                </Group>
                <iframe
                  sandbox=""
                  title={t('emailEditor.blocks2.previewOf', { name: block.name })}
                  srcDoc={block.content}
                  height={96}
                  referrerPolicy="no-referrer"
                  style={{
                    width: '100%',
                    border: '1px solid var(--mantine-color-gray-4)',
                    background: '#fff',
                  }}
                />
              </Stack>
              <Button
                size="xs"
                onClick={() => {
                  close();
                  onPick(block);
                }}
                aria-label={t('emailEditor.blocks2.chooseNamed', { name: block.name })}
              >
                {t('emailEditor.blocks2.choose')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
