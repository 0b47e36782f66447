import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useArchiveWithUndo } from '../../platform/list/useArchiveWithUndo.tsx';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/**
 * A tag's actions in the tags screen: open it, and for managers rename, archive (after confirming, with an
 * undo in the toast, as the lists screen does) or unarchive.
 */
export function TagActions({ tag, onRename }: { tag: Tag; onRename: (tag: Tag) => void }) {
  const { t } = useTranslation();
  const { base, canManage } = useTagsAccess();
  const [confirming, setConfirming] = useState(false);
  const { archive, unarchive, isPending } = useArchiveWithUndo({
    type: 'tag',
    record: tag,
    name: tag.name,
    messages: { archived: 'tags.archivedToast', unarchived: 'tags.unarchivedToast', undo: 'tags.undo' },
    testId: 'tag',
  });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('tags.actionsFor', { name: tag.name })}
            data-testid="tag-actions"
            loading={isPending}
          >
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`${base}/settings/tags/${tag.id}`}>
            {t('tags.actions.view')}
          </Menu.Item>
          {canManage && (
            <>
              <Menu.Item onClick={() => onRename(tag)} data-testid="tag-rename">
                {t('tags.actions.rename')}
              </Menu.Item>
              <Menu.Divider />
              {tag.isArchived ? (
                <Menu.Item onClick={unarchive} data-testid="tag-unarchive">
                  {t('tags.actions.unarchive')}
                </Menu.Item>
              ) : (
                <Menu.Item color="orange" onClick={() => setConfirming(true)} data-testid="tag-archive">
                  {t('tags.actions.archive')}
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('tags.confirmArchiveTitle')}
        data-testid="tag-archive-confirm"
      >
        <Stack>
          <Text size="sm">{t('tags.confirmArchive', { name: tag.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="orange"
              loading={isPending}
              onClick={() => archive(() => setConfirming(false))}
              data-testid="tag-archive-confirmed"
            >
              {t('tags.actions.archive')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
