import { customFieldLabel } from '@herald/protocol';
import { Button, Menu, ScrollArea } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../../../platform/list/useRecords.ts';
import { insertAtCursor } from './insertAtCursor.ts';

/** The profile fields a marketer personalizes with most; the rest of the profile is reachable by typing. */
const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'title',
  'email',
  'phone',
  'suburb',
  'state',
  'country',
] as const;

/** Custom fields are listed by name. */
const FIELD_ORDER = 'field';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * "Insert field": the recipient's profile fields, the organization's custom fields and the unsubscribe link, each
 * put into the text at the caret as a Liquid tag (with a fallback for the first name, which is often missing).
 */
export function InsertFieldMenu({
  target,
  value,
  onInsert,
  disabled,
  testId,
}: {
  /** The input the tag goes into, to read its caret and give the focus back. */
  target: RefObject<TextField | null>;
  value: string;
  onInsert: (value: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const customFields = useRecords('customField', {
    filter: { type: 'subscriber', isArchived: false },
    limit: 200,
    offset: 0,
    sortKey: FIELD_ORDER,
    sortOrder: 'asc',
  });
  const insert = (tag: string) => {
    const element = target.current;
    const { text, caret } = insertAtCursor(
      value,
      tag,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    onInsert(text);
    // After React has put the new value in, the caret goes after the tag.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" disabled={disabled} data-testid={testId}>
          {t('channelEditors.insertField.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={320}>
          <Menu.Label>{t('channelEditors.insertField.profile')}</Menu.Label>
          {PROFILE_FIELDS.map((field) => (
            <Menu.Item
              key={field}
              data-testid={`${testId}-${field}`}
              onClick={() =>
                insert(
                  field === 'firstname'
                    ? `{{ subscriber.firstname | default: "${t('channelEditors.insertField.firstnameFallback')}" }}`
                    : `{{ subscriber.${field} }}`,
                )
              }
            >
              {t(`channelEditors.insertField.fields.${field}`)}
            </Menu.Item>
          ))}
          {(customFields.data?.records.length ?? 0) > 0 && (
            <Menu.Label>{t('channelEditors.insertField.custom')}</Menu.Label>
          )}
          {customFields.data?.records.map((field) => (
            <Menu.Item key={field.id} onClick={() => insert(`{{ subscriber.custom.${field.field} }}`)}>
              {customFieldLabel(field.field)}
            </Menu.Item>
          ))}
          <Menu.Label>{t('channelEditors.insertField.links')}</Menu.Label>
          <Menu.Item onClick={() => insert('{{ unsubscribe_url }}')}>
            {t('channelEditors.insertField.unsubscribe')}
          </Menu.Item>
          <Menu.Item onClick={() => insert('{{ organization.name }}')}>
            {t('channelEditors.insertField.organization')}
          </Menu.Item>
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
