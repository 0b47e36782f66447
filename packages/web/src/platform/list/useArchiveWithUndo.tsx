import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { showToast } from '../alerts/toast.ts';
import { useErrorText } from '../alerts/useErrorText.ts';
import { errorTypeOf } from '../channel/channelError.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { archiveWrite } from './archiveWrite.ts';
import type { ResourceRecord, ResourceWrite, WritableResourceType } from '@herald/protocol';
import { useWriteRecords } from './useRecords.ts';

/** A record's archive state as read: its id and the version the archive write sends back. */
type ArchiveState = { id: number; version: number; isArchived: boolean };

/** The types whose records carry the flag and whose writes take it with the version read. */
type ArchivableType = {
  [Type in WritableResourceType]: ResourceRecord<Type> extends ArchiveState
    ? ReturnType<typeof archiveWrite> extends ResourceWrite<Type>
      ? Type
      : never
    : never;
}[WritableResourceType];

/**
 * Archive and unarchive for a list screen's row actions: archiving shows a toast with an Undo button (which
 * unarchives the record as archived, so its version is current), unarchiving a plain toast, failures a red
 * one in the catalogue's words. `messages` are translation keys taking {name}; `testId` prefixes the toast's
 * test ids (`{testId}-archived-toast`, `{testId}-undo-archive`).
 */
export function useArchiveWithUndo<Type extends ArchivableType>(options: {
  type: Type;
  record: ArchiveState;
  name: string;
  messages: { archived: string; unarchived: string; undo: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { type, record, name, messages, testId } = options;
  const writing = useWriteRecords(type, {
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: errorText(errorTypeOf(error) ?? 'ApplicationError', error.message),
      }),
  });
  // ArchivableType holds that each of these types takes the archive write; the compiler cannot follow that
  // for a type parameter, hence the two casts below.
  const write = (current: { id: number; version: number }, isArchived: boolean) =>
    archiveWrite(current, isArchived) as ResourceWrite<Type>;
  const unarchiveWrite = (current: { id: number; version: number }) =>
    writing.mutate([write(current, false)], {
      onSuccess: () => showToast(t(messages.unarchived, { name })),
    });

  const archive = (onArchived?: () => void) =>
    writing.mutate([write(record, true)], {
      onSuccess: ({ records }) => {
        onArchived?.();
        const archived = records[0] as (ArchiveState & ResourceRecord<Type>) | undefined;
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
