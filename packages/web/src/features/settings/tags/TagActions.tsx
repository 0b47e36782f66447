import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../platform/alerts/toast.ts';
import { useErrorText } from '../../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../../platform/channel/channelError.ts';
import { useWriteRecords } from '../../../platform/list/useRecords.ts';
import { TAG_TYPE, tagArchiveWrite } from './tag.ts';
import type { Tag } from './tag.ts';
import { useTagsAccess } from './useTagsAccess.ts';

/**
 * A tag's actions in the tags screen: open it, and for managers rename, archive (after confirming, with an
 * undo in the toast, as the lists screen does) or unarchive.
 */
export function TagActions({ tag, onRename }: { tag: Tag; onRename: (tag: Tag) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { base, canManage } = useTagsAccess();
  const [confirming, setConfirming] = useState(false);
  const archiving = useWriteRecords<Tag>(TAG_TYPE, {
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });

  const archive = () =>
    archiving.mutate([tagArchiveWrite(tag, true) as Partial<Tag>], {
      onSuccess: ({ records }) => {
        setConfirming(false);
        const archived = records[0];
        const id = `tag-archived-${tag.id}`;
        notifications.show({
          id,
          color: 'teal',
          message: (
            <Group justify="space-between" wrap="nowrap" data-testid="tag-archived-toast">
              <Text size="sm">{t('tags.archivedToast', { name: tag.name })}</Text>
              {archived && (
                <Button
                  size="compact-xs"
                  variant="light"
                  data-testid="tag-undo-archive"
                  onClick={() => {
                    notifications.hide(id);
                    archiving.mutate([tagArchiveWrite(archived, false) as Partial<Tag>], {
                      onSuccess: () => showToast(t('tags.unarchivedToast', { name: tag.name })),
                    });
                  }}
                >
                  {t('tags.undo')}
                </Button>
              )}
            </Group>
          ),
        });
      },
    });
  const unarchive = () =>
    archiving.mutate([tagArchiveWrite(tag, false) as Partial<Tag>], {
      onSuccess: () => showToast(t('tags.unarchivedToast', { name: tag.name })),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('tags.actionsFor', { name: tag.name })}
            data-testid="tag-actions"
            loading={archiving.isPending}
          >
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`${base}/tags/${tag.id}`}>
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
              loading={archiving.isPending}
              onClick={archive}
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
