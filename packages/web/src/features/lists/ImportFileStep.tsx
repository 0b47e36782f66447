import '@mantine/dropzone/styles.css';
import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { Dropzone, MIME_TYPES } from '@mantine/dropzone';
import { formatFileSize } from '@herald/protocol';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import { useListsContext } from './useListsContext.ts';
import type { TransferError, UploadedFile } from './transfer.ts';

/** The lists an import may go to, offered in name order. */
const LIST_CHOICE_LIMIT = 500;
const LIST_CHOICE_ORDER = { field: 'name', order: 'asc' } as const;

/** What the drop zone offers in the file picker; the server decides by content (PROTOCOL §5). */
const IMPORT_ACCEPT = {
  [MIME_TYPES.csv]: ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'text/plain': ['.csv', '.tsv', '.txt'],
  [MIME_TYPES.xls]: ['.xls'],
  [MIME_TYPES.xlsx]: ['.xlsx'],
};

/** Step 1 of the import: the list (when the address names none) and the file, dropped or picked. */
export function ImportFileStep({
  listId,
  listFixed,
  onListChange,
  uploading,
  uploaded,
  error,
  onFile,
  onRejected,
}: {
  listId: number | null;
  listFixed: boolean;
  onListChange: (listId: number | null) => void;
  uploading: boolean;
  uploaded: UploadedFile | null;
  error: TransferError | null;
  onFile: (file: File) => void;
  onRejected: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { uploadAllowed } = useListsContext();
  const lists = useRecords(
    'list',
    listFixed
      ? null
      : {
          filter: { isArchived: false },
          limit: LIST_CHOICE_LIMIT,
          offset: 0,
          sortKey: LIST_CHOICE_ORDER.field,
          sortOrder: LIST_CHOICE_ORDER.order,
        },
  );
  const choices = (lists.data?.records ?? [])
    .filter((list) => uploadAllowed(list.id))
    .map((list) => ({ value: String(list.id), label: list.name }));

  return (
    <Stack data-testid="import-file-step">
      {!listFixed && (
        <Select
          label={t('lists.import.chooseList')}
          placeholder={t('lists.import.chooseListPlaceholder')}
          data={choices}
          value={listId === null ? null : String(listId)}
          onChange={(value) => onListChange(value ? Number(value) : null)}
          searchable
          required
          nothingFoundMessage={t('lists.import.noLists')}
          data-testid="import-list"
        />
      )}
      <Dropzone
        onDrop={(files) => {
          const file = files[0];
          if (file) onFile(file);
        }}
        onReject={onRejected}
        accept={IMPORT_ACCEPT}
        multiple={false}
        loading={uploading}
        disabled={listId === null}
        data-testid="import-dropzone"
        aria-label={t('lists.import.dropLabel')}
      >
        <Stack align="center" gap={4} mih={120} justify="center" style={{ pointerEvents: 'none' }}>
          <Text fw={600}>{t('lists.import.dropTitle')}</Text>
          <Text size="sm" c="dimmed">
            {listId === null ? t('lists.import.chooseListFirst') : t('lists.import.dropHint')}
          </Text>
        </Stack>
      </Dropzone>
      {uploading && (
        <Group gap="xs" data-testid="import-uploading">
          <Loader size="xs" />
          <Text size="sm">{t('lists.import.uploading')}</Text>
        </Group>
      )}
      {uploaded && !uploading && (
        <Text size="sm" data-testid="import-uploaded">
          {t('lists.import.uploaded', {
            name: uploaded.fileName,
            size: formatFileSize(uploaded.size),
            type: uploaded.fileType.toUpperCase(),
          })}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="import-upload-error" data-error-type={error.type}>
          {errorText(error.type, error.message, error.values)}
        </Alert>
      )}
    </Stack>
  );
}
