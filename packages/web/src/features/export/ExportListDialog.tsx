import { ActionIcon, Button, Checkbox, Group, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { exportColumns } from '@herald/protocol';
import type { ExportFormat } from '@herald/protocol';
import { useState } from 'react';
import type { DragEvent, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { useFieldsOfType } from '../settings/fields/useCustomFields.ts';
import {
  chosenFields,
  initialColumnChoice,
  moveColumn,
  setAllColumns,
  toggleColumn,
} from './exportColumns.ts';
import type { ColumnChoice } from './exportColumns.ts';

/** Columns only an export has (the import's profile field labels name the rest). */
const EXPORT_ONLY_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'cluster_id',
  'is_invalid',
  'is_unsubscribed',
  'partition_ids',
  'created_at',
  'updated_at',
  'is_list_unsubscribed',
  'list_option',
]);

/** A column's name for people; the file's header keeps the column's key, shown beside it. */
export function exportColumnLabel(
  t: (key: string, values?: Record<string, unknown>) => string,
  column: string,
) {
  if (column.startsWith('custom.')) return t('lists.import.customTarget', { field: column.slice(7) });
  if (EXPORT_ONLY_COLUMNS.has(column)) return t(`export.columns.${column}`);
  return t(`lists.profileFields.${column}`);
}

/**
 * Export a list's members (requestExport type listMembers): which columns, in which order (ticked, moved by
 * drag and drop or by the up and down buttons, which work from the keyboard), and CSV or XLSX. The file
 * comes as a zip from the Export page, where the job is followed (and approved, when two people must).
 */
export function ExportListDialog({
  list,
  opened,
  onClose,
}: {
  list: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('export.dialog.title', { name: list.name })}
      size="lg"
    >
      {/* Mounted while open only, so each opening starts from the default choice. */}
      {opened && <ExportListForm list={list} onClose={onClose} />}
    </Modal>
  );
}

function ExportListForm({ list, onClose }: { list: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const customFields = useFieldsOfType('subscriber', true);
  const available = exportColumns(
    'listMembers',
    customFields.fields.map((field) => field.field),
  );
  const [choice, setChoice] = useState<ColumnChoice[] | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [dragged, setDragged] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  // The custom fields arrive after the first render: the choice starts once they are known.
  const columns = choice ?? (customFields.isPending ? [] : initialColumnChoice(available));
  const change = (next: ColumnChoice[]) => setChoice(next);
  const fields = chosenFields(columns);
  const requesting = useCommandMutation(organization!.channel, 'requestExport', {
    onSuccess: () => {
      showToast(t('export.dialog.requested'));
      onClose();
      void navigate(`/${organization!.organizationId}/export`);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!organization || fields.length === 0 || requesting.isPending) return;
    requesting.mutate({
      organizationId: organization.organizationId,
      type: 'listMembers',
      target: list.id,
      params: { fields, format },
    });
  };
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) change(moveColumn(columns, dragged, index));
    setDragged(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="export-dialog">
      <Stack>
        <Radio.Group
          label={t('export.dialog.format')}
          value={format}
          onChange={(value) => setFormat(value === 'xlsx' ? 'xlsx' : 'csv')}
        >
          <Group mt="xs">
            <Radio value="csv" label={t('export.dialog.csv')} data-testid="export-format-csv" />
            <Radio value="xlsx" label={t('export.dialog.xlsx')} data-testid="export-format-xlsx" />
          </Group>
        </Radio.Group>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={500} size="sm" id="export-columns-label">
              {t('export.dialog.columns')}
            </Text>
            <Group gap="xs">
              <Button size="compact-xs" variant="subtle" onClick={() => change(setAllColumns(columns, true))}>
                {t('export.dialog.all')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => change(setAllColumns(columns, false))}
                data-testid="export-columns-none"
              >
                {t('export.dialog.none')}
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {t('export.dialog.columnsHint')}
          </Text>
          <ScrollArea.Autosize mah="45vh" type="auto">
            <Stack gap={2} component="ol" aria-labelledby="export-columns-label" p={0} m={0}>
              {columns.map((entry, index) => {
                const label = exportColumnLabel(t, entry.column);
                return (
                  <Group
                    component="li"
                    key={entry.column}
                    justify="space-between"
                    wrap="nowrap"
                    px="xs"
                    py={2}
                    draggable
                    onDragStart={() => setDragged(index)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => drop(event, index)}
                    onDragEnd={() => setDragged(null)}
                    style={{
                      listStyle: 'none',
                      cursor: 'grab',
                      borderRadius: 4,
                      background: dragged === index ? 'var(--mantine-color-gray-1)' : undefined,
                    }}
                    data-testid="export-column"
                    data-column={entry.column}
                    data-included={entry.included}
                  >
                    <Checkbox
                      checked={entry.included}
                      onChange={(event) => change(toggleColumn(columns, index, event.currentTarget.checked))}
                      label={
                        <>
                          {label}{' '}
                          <Text span size="xs" c="dimmed">
                            {entry.column}
                          </Text>
                        </>
                      }
                    />
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === 0}
                        aria-label={t('export.dialog.moveUp', { column: label })}
                        onClick={() => change(moveColumn(columns, index, index - 1))}
                        data-testid="export-column-up"
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === columns.length - 1}
                        aria-label={t('export.dialog.moveDown', { column: label })}
                        onClick={() => change(moveColumn(columns, index, index + 1))}
                        data-testid="export-column-down"
                      >
                        ↓
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {tried && fields.length === 0 && (
            <Text size="sm" c="red" role="alert" data-testid="export-no-columns">
              {t('export.dialog.noColumns')}
            </Text>
          )}
        </Stack>
        <RecordsError error={requesting.error} testId="export-dialog-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={requesting.isPending} data-testid="export-dialog-submit">
            {t('export.dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
