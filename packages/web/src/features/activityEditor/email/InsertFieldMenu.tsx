import { Button, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useFieldsOfType } from '../../settings/fields/useCustomFields.ts';
import { customFieldPath, LINK_FIELDS, liquidField, PROFILE_FIELDS } from './liquidFields.ts';

/** What is inserted: the Liquid, and for a link its words, so a text block can make it a link. */
export interface InsertedField {
  liquid: string;
  link?: { label: string };
}

/**
 * The insert-field menu: a profile field, one of the organization's custom
 * fields or a recipient's link, with a fallback for a recipient who has no value.
 */
export function InsertFieldMenu({
  onInsert,
  target,
}: {
  onInsert: (field: InsertedField) => void;
  target: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [path, setPath] = useState<string | null>('subscriber.firstname');
  const [fallback, setFallback] = useState('');
  const custom = useFieldsOfType('subscriber');
  const isLink = (LINK_FIELDS as readonly string[]).includes(path ?? '');
  const data = [
    {
      group: t('emailEditor.fields.profile'),
      items: PROFILE_FIELDS.map((field) => ({
        value: `subscriber.${field}`,
        label: t(`emailEditor.fields.profileField.${field}`),
      })),
    },
    ...(custom.fields.length
      ? [
          {
            group: t('emailEditor.fields.custom'),
            items: custom.fields.map((field) => ({
              value: customFieldPath(field.field),
              label: field.field,
            })),
          },
        ]
      : []),
    {
      group: t('emailEditor.fields.links'),
      items: LINK_FIELDS.map((field) => ({ value: field, label: t(`emailEditor.fields.link.${field}`) })),
    },
  ];
  const insert = () => {
    if (!path) return;
    onInsert(
      isLink
        ? { liquid: `{{ ${path} }}`, link: { label: t(`emailEditor.fields.link.${path}`) } }
        : { liquid: liquidField(path, fallback) },
    );
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => setOpened((open) => !open)}
          aria-label={t('emailEditor.fields.insertInto', { target })}
        >
          {t('emailEditor.fields.insert')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <Select
            label={t('emailEditor.fields.field')}
            data={data}
            value={path}
            onChange={setPath}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('emailEditor.fields.fallback')}
            description={t('emailEditor.fields.fallbackHint')}
            value={fallback}
            disabled={isLink}
            onChange={(event) => setFallback(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') insert();
            }}
          />
          <Button size="xs" onClick={insert} disabled={!path}>
            {t('emailEditor.fields.insertButton')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
