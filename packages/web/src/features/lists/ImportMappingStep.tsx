import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import {
  SKIP_COLUMN,
  changeMapping,
  mapsMatchingKey,
  mappingProblems,
  previewOfMapping,
} from './importMapping.ts';
import type { ColumnTarget } from './importMapping.ts';
import type { CommandResult, OrganizationCommands } from '@herald/protocol';

/** The file as previewImportFile read it: its header, first rows, the server's suggestions and warnings. */
export type ImportPreview = CommandResult<OrganizationCommands, 'previewImportFile'>;

/**
 * Step 2 of the import: each column of the file mapped to a profile field, a custom field or skipped, and the
 * first rows shown as they will be imported. A skipped column can get a new custom field (`onCreateField`,
 * for those who may create one).
 */
export function ImportMappingStep({
  preview,
  mapping,
  targets,
  onChange,
  onCreateField,
}: {
  preview: ImportPreview;
  mapping: ColumnTarget[];
  targets: string[];
  /** One column's choice, made by the user. */
  onChange: (mapping: ColumnTarget[], column: number) => void;
  onCreateField?: ((column: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const label = useTargetLabel();
  const options = [
    { value: SKIP_COLUMN, label: t('lists.import.skipColumn') },
    ...targets.map((target) => ({ value: target, label: label(target) })),
  ];
  const problems = mappingProblems(mapping);
  const shown = previewOfMapping(mapping, preview.rows);

  return (
    <Stack data-testid="import-mapping-step">
      {preview.warnings.map((warning) => (
        // The whole header read as one column that holds another delimiter: the file is delimited otherwise.
        <Alert color="yellow" key={warning.type} data-testid="import-one-column-warning">
          {t('lists.import.oneColumnWarning', {
            delimiter: warning.delimiter === '\t' ? 'Tab' : warning.delimiter,
          })}
        </Alert>
      ))}
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="import-mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lists.import.column')}</Table.Th>
              <Table.Th>{t('lists.import.sample')}</Table.Th>
              <Table.Th>{t('lists.import.importAs')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.header.map((column, index) => (
              <Table.Tr key={index} data-testid="import-column" data-column={column}>
                <Table.Td fw={600}>{column}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {preview.rows[0]?.[index] ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Select
                      aria-label={t('lists.import.importColumnAs', { column })}
                      data={options}
                      value={mapping[index] ?? SKIP_COLUMN}
                      onChange={(value) =>
                        onChange(
                          changeMapping(mapping, index, !value || value === SKIP_COLUMN ? null : value),
                          index,
                        )
                      }
                      searchable
                      allowDeselect={false}
                      w={240}
                      data-testid="import-column-target"
                    />
                    {onCreateField && (mapping[index] ?? null) === null && (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => onCreateField(index)}
                        aria-label={t('lists.import.createField.forColumn', { column })}
                        data-testid="import-column-create-field"
                      >
                        {t('lists.import.createField.button')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problems.includes('nothingMapped') && (
        <Alert color="red" data-testid="import-mapping-problem">
          {t('lists.import.nothingMapped')}
        </Alert>
      )}
      {problems.length === 0 && !mapsMatchingKey(mapping) && (
        <Alert color="yellow" data-testid="import-no-key">
          {t('lists.import.noMatchingKey')}
        </Alert>
      )}
      <Title order={3} size="h5">
        {t('lists.import.previewTitle')}
      </Title>
      {shown.targets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lists.import.previewEmpty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="import-preview">
            <Table.Thead>
              <Table.Tr>
                {shown.targets.map((target) => (
                  <Table.Th key={target}>{label(target)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.rows.map((row, rowIndex) => (
                <Table.Tr key={rowIndex}>
                  {row.map((value, index) => (
                    <Table.Td key={index}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** A target's label: the profile field's name in the interface language, or the custom field as written. */
export function useTargetLabel(): (target: string) => string {
  const { t } = useTranslation();
  return (target) =>
    target.startsWith('custom.')
      ? t('lists.import.customTarget', { field: target.slice('custom.'.length) })
      : t(`lists.profileFields.${target}`);
}
