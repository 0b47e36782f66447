import { exportColumns } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation } from '../query/resources.ts';

/** The columns of each export type live in the contract, which the export dialog shares. */
export { exportColumns };

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
 * The columns `params.fields` asks for, in its order, each checked against the type's columns (a custom
 * field is matched without regard to case). No `fields`: every column; an empty list is refused (the
 * contract refuses it too; a job's stored params are checked here again).
 */
export function chosenColumns(available: readonly string[], fields: readonly string[] | undefined): string[] {
  if (!fields) return [...available];
  if (fields.length === 0) throw validation('params.fields', 'Choose at least one column');
  const byLowerName = new Map(available.map((column) => [column.toLowerCase(), column]));
  const chosen: string[] = [];
  fields.forEach((field, index) => {
    const column = byLowerName.get(field.toLowerCase());
    if (!column) throw validation(`params.fields.${index}`, `Unknown column "${field}"`);
    if (!chosen.includes(column)) chosen.push(column);
  });
  return chosen;
}
