import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useWriteRecords } from '../../platform/list/useRecords.ts';
import { LIST_TYPE, listArchiveWrite } from './list.ts';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

/**
 * A list's actions in the lists screen: view, report, import and add subscriber (left out when the import
 * rules disallow upload to it), archive with an undo, unarchive.
 */
export function ListActions({ list }: { list: SubscriberList }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { base, canManage, uploadAllowed } = useListsContext();
  const archiving = useWriteRecords<SubscriberList>(LIST_TYPE, {
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });
  const upload = canManage && !list.isArchived && uploadAllowed(list.id);

  const archive = () =>
    archiving.mutate([listArchiveWrite(list, true) as Partial<SubscriberList>], {
      onSuccess: ({ records }) => {
        const archived = records[0];
        const id = `list-archived-${list.id}`;
        notifications.show({
          id,
          color: 'teal',
          message: (
            <Group justify="space-between" wrap="nowrap" data-testid="list-archived-toast">
              <Text size="sm">{t('lists.archivedToast', { name: list.name })}</Text>
              {archived && (
                <Button
                  size="compact-xs"
                  variant="light"
                  data-testid="list-undo-archive"
                  onClick={() => {
                    notifications.hide(id);
                    archiving.mutate([listArchiveWrite(archived, false) as Partial<SubscriberList>], {
                      onSuccess: () => showToast(t('lists.unarchivedToast', { name: list.name })),
                    });
                  }}
                >
                  {t('lists.undo')}
                </Button>
              )}
            </Group>
          ),
        });
      },
    });
  const unarchive = () =>
    archiving.mutate([listArchiveWrite(list, false) as Partial<SubscriberList>], {
      onSuccess: () => showToast(t('lists.unarchivedToast', { name: list.name })),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('lists.actionsFor', { name: list.name })}
          data-testid="list-actions"
          loading={archiving.isPending}
        >
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={`${base}/subscribers/view/${list.id}`}>
          {t('lists.actions.view')}
        </Menu.Item>
        <Menu.Item component={Link} to={`${base}/subscribers/report/${list.id}`}>
          {t('lists.actions.report')}
        </Menu.Item>
        {upload && (
          <>
            <Menu.Item component={Link} to={`${base}/subscribers/import/${list.id}`}>
              {t('lists.actions.import')}
            </Menu.Item>
            <Menu.Item component={Link} to={`${base}/subscribers/add/${list.id}`}>
              {t('lists.actions.add')}
            </Menu.Item>
          </>
        )}
        {canManage && (
          <>
            <Menu.Divider />
            {list.isArchived ? (
              <Menu.Item onClick={unarchive} data-testid="list-unarchive">
                {t('lists.actions.unarchive')}
              </Menu.Item>
            ) : (
              <Menu.Item color="orange" onClick={archive} data-testid="list-archive">
                {t('lists.actions.archive')}
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
