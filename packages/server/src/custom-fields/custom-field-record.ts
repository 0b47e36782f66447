import type { CustomFieldRecord } from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import type { CustomFieldTable } from './tables.ts';

/**
 * A custom field as CUSTOM_FIELD_SELECT reads it; its jsonb columns hold what the contract's write schema
 * accepted (a schema without dataType is text).
 */
export type CustomFieldRow = Omit<
  Selectable<CustomFieldTable>,
  'organization_id' | 'schema' | 'calculation' | 'stats'
> & {
  schema: Partial<CustomFieldRecord['schema']>;
  calculation: CustomFieldRecord['calculation'];
  stats: CustomFieldRecord['stats'];
};

export const CUSTOM_FIELD_SELECT = sql<CustomFieldRow>`custom_field.id, custom_field.type, custom_field.field, custom_field.group_name,
  custom_field.description, custom_field.schema, custom_field.validation_regex, custom_field.calculation,
  custom_field.stats, custom_field.is_archived, custom_field.is_deleted, custom_field.created_at,
  custom_field.updated_at, custom_field.version`;

const iso = (value: Date) => new Date(value).toISOString();

export function customFieldRecord(row: CustomFieldRow): CustomFieldRecord {
  return {
    id: row.id,
    // The column holds only the contract's field types (the write schema checks them).
    type: row.type as CustomFieldRecord['type'],
    field: row.field,
    groupName: row.group_name,
    description: row.description,
    schema: { ...row.schema, dataType: row.schema.dataType ?? 'text' },
    validationRegex: row.validation_regex,
    calculation: row.calculation,
    stats: row.stats,
    isArchived: row.is_archived,
    isDeleted: row.is_deleted,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}
