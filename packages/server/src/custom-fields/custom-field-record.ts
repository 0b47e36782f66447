import type { CustomFieldRecord } from '@herald/protocol';
import { sql } from 'kysely';

export const CUSTOM_FIELD_SELECT = sql`custom_field.id, custom_field.type, custom_field.field, custom_field.group_name,
  custom_field.description, custom_field.schema, custom_field.validation_regex, custom_field.calculation,
  custom_field.stats, custom_field.is_archived, custom_field.is_deleted, custom_field.created_at,
  custom_field.updated_at, custom_field.version`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export function customFieldRecord(row: Record<string, unknown>): CustomFieldRecord {
  const schema = (row.schema ?? {}) as CustomFieldRecord['schema'];
  return {
    id: Number(row.id),
    type: row.type as CustomFieldRecord['type'],
    field: String(row.field),
    groupName: String(row.group_name ?? ''),
    description: String(row.description ?? ''),
    schema: { ...schema, dataType: schema.dataType ?? 'text' },
    validationRegex: (row.validation_regex as string | null) ?? null,
    calculation: (row.calculation ?? { kind: 'static' }) as CustomFieldRecord['calculation'],
    stats: (row.stats ?? null) as CustomFieldRecord['stats'],
    isArchived: Boolean(row.is_archived),
    isDeleted: Boolean(row.is_deleted),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
  };
}
