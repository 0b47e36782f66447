import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { showToast } from '../alerts/toast.ts';
import { useErrorText } from '../alerts/useErrorText.ts';
import { errorTypeOf } from '../channel/channelError.ts';
import { archiveWrite } from './archiveWrite.ts';
import type { ResourceType } from '../resources/resources.ts';
import type { StoredRecord } from './recordCommands.ts';
import { useWriteRecords } from './useRecords.ts';

type Archivable = StoredRecord & { id: number; version: number; isArchived: boolean };

/**
 * Archive and unarchive for a list screen's row actions: archiving shows a toast with an Undo button (which
 * unarchives the record as archived, so its version is current), unarchiving a plain toast, failures a red
 * one in the catalogue's words. `messages` are translation keys taking {name}; `testId` prefixes the toast's
 * test ids (`{testId}-archived-toast`, `{testId}-undo-archive`).
 */
export function useArchiveWithUndo<R extends Archivable>(options: {
  type: ResourceType;
  record: R;
  name: string;
  messages: { archived: string; unarchived: string; undo: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { type, record, name, messages, testId } = options;
  const writing = useWriteRecords<R>(type, {
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });
  const unarchiveWrite = (current: { id: number; version: number }) =>
    writing.mutate([archiveWrite(current, false) as Partial<R>], {
      onSuccess: () => showToast(t(messages.unarchived, { name })),
    });

  const archive = (onArchived?: () => void) =>
    writing.mutate([archiveWrite(record, true) as Partial<R>], {
      onSuccess: ({ records }) => {
        onArchived?.();
        const archived = records[0];
        const id = `${testId}-archived-${record.id}`;
        notifications.show({
          id,
          color: 'teal',
          message: (
            <Group justify="space-between" wrap="nowrap" data-testid={`${testId}-archived-toast`}>
              <Text size="sm">{t(messages.archived, { name })}</Text>
              {archived && (
                <Button
                  size="compact-xs"
                  variant="light"
                  data-testid={`${testId}-undo-archive`}
                  onClick={() => {
                    notifications.hide(id);
                    unarchiveWrite(archived);
                  }}
                >
                  {t(messages.undo)}
                </Button>
              )}
            </Group>
          ),
        });
      },
    });

  return { archive, unarchive: () => unarchiveWrite(record), isPending: writing.isPending };
}
