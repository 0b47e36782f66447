import { ActionIcon, Menu } from '@mantine/core';
import { checkAccess } from '@herald/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ExportListDialog } from '../export/ExportListDialog.tsx';
import { useArchiveWithUndo } from '../../platform/list/useArchiveWithUndo.tsx';
import type { SubscriberList } from './list.ts';
import { useListsContext } from './useListsContext.ts';

/**
 * A list's actions in the lists screen: view, report, import and add subscriber (left out when the import
 * rules disallow upload to it), export (for those who may extract), archive with an undo, unarchive.
 */
export function ListActions({ list }: { list: SubscriberList }) {
  const { t } = useTranslation();
  const { base, canManage, uploadAllowed, organization } = useListsContext();
  const [exporting, setExporting] = useState(false);
  const canExport = checkAccess({ capabilities: ['database-extract'] }, organization.access);
  const { archive, unarchive, isPending } = useArchiveWithUndo({
    type: 'list',
    record: list,
    name: list.name,
    messages: { archived: 'lists.archivedToast', unarchived: 'lists.unarchivedToast', undo: 'lists.undo' },
    testId: 'list',
  });
  const upload = canManage && !list.isArchived && uploadAllowed(list.id);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('lists.actionsFor', { name: list.name })}
            data-testid="list-actions"
            loading={isPending}
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
          {canExport && (
            <Menu.Item onClick={() => setExporting(true)} data-testid="list-export">
              {t('lists.actions.export')}
            </Menu.Item>
          )}
          {canManage && (
            <>
              <Menu.Divider />
              {list.isArchived ? (
                <Menu.Item onClick={unarchive} data-testid="list-unarchive">
                  {t('lists.actions.unarchive')}
                </Menu.Item>
              ) : (
                <Menu.Item color="orange" onClick={() => archive()} data-testid="list-archive">
                  {t('lists.actions.archive')}
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {canExport && <ExportListDialog list={list} opened={exporting} onClose={() => setExporting(false)} />}
    </>
  );
}
