import { STANDARD_PROFILE_FIELDS, type ExportType } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation } from '../query/resources.ts';

/** The list-level fields a listMembers export adds (functional §3). */
export const LIST_MEMBER_COLUMNS = ['is_list_unsubscribed', 'list_option'] as const;

/** A customFields export's columns: the definitions as the settings page shows them. */
export const CUSTOM_FIELD_COLUMNS = [
  'id',
  'type',
  'field',
  'groupName',
  'description',
  'dataType',
  'values',
  'validationRegex',
  'isArchived',
  'createdAt',
  'updatedAt',
] as const;

/** The organization's subscriber custom fields that are not deleted (archived ones too: their data is there). */
export async function subscriberCustomFieldNames(
  db: Kysely<Database>,
  organizationId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('custom_field')
    .select('field')
    .where('organization_id', '=', organizationId)
    .where('type', '=', 'subscriber')
    .where('is_deleted', '=', false)
    .orderBy('field')
    .execute();
  return rows.map((row) => row.field);
}

/**
 * Every column an export of the type can have: for subscribers id, every standard profile field, each custom
 * field as `custom.<field>`, the partition ids and the creation and update times; list members add the
 * list-level fields.
 */
export function exportColumns(type: ExportType, customFields: readonly string[]): string[] {
  if (type === 'customFields') return [...CUSTOM_FIELD_COLUMNS];
  return [
    'id',
    ...STANDARD_PROFILE_FIELDS,
    ...customFields.map((field) => `custom.${field}`),
    ...(type === 'listMembers' ? LIST_MEMBER_COLUMNS : []),
    'partition_ids',
    'created_at',
    'updated_at',
  ];
}

/**
 * The columns `params.fields` asks for, in its order, each checked against the type's columns (a custom
 * field is matched without regard to case). No `fields`: every column.
 */
export function chosenColumns(available: readonly string[], fields: readonly string[] | undefined): string[] {
  if (!fields || fields.length === 0) return [...available];
  const byLowerName = new Map(available.map((column) => [column.toLowerCase(), column]));
  const chosen: string[] = [];
  fields.forEach((field, index) => {
    const column = byLowerName.get(field.toLowerCase());
    if (!column) throw validation(`params.fields.${index}`, `Unknown column "${field}"`);
    if (!chosen.includes(column)) chosen.push(column);
  });
  return chosen;
}
