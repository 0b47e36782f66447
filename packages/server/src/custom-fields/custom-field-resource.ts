import {
  CUSTOM_FIELD_TYPES,
  HeraldError,
  customFieldWriteSchema,
  type CustomFieldRecord,
  type CustomFieldWrite,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';
import { checkCalculation } from '../calculations/calculation-checks.ts';
import { scheduleCalculation } from '../calculations/calculation-schedule.ts';
import { CUSTOM_FIELD_SELECT, customFieldRecord, type CustomFieldRow } from './custom-field-record.ts';

/**
 * Custom fields (functional §3): anyone in the organization reads the definitions (profiles show them);
 * database-manage writes them. Deleted fields are left out unless `isDeleted` is asked for; archived ones stay
 * (the screens hide them with `isArchived: false`). Search is a case-insensitive contains (functional §5).
 */
export const customFieldResource = implementResource({
  definition: resourceDefinitions.customField,
  table: 'custom_field',
  select: CUSTOM_FIELD_SELECT,
  toRecord: customFieldRecord,
  filters: {
    id: { column: 'custom_field.id' },
    type: { column: 'custom_field.type' },
    field: { column: 'custom_field.field' },
    groupName: { column: 'custom_field.group_name' },
    isArchived: { column: 'custom_field.is_archived' },
    isDeleted: { column: 'custom_field.is_deleted' },
  },
  sortable: {
    field: 'field',
    type: 'type',
    groupName: 'group_name',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  search: ['custom_field.field', 'custom_field.description', 'custom_field.group_name'],
  // Definitions are the organization's vocabulary, not subscriber data: franchisees read them too.
  restrictedCondition: () => sql`true`,
  write: writeEach(customFieldWriteSchema, writeCustomField),
});

function checkPattern(pattern: string | null | undefined, path: string): void {
  if (!pattern) return;
  try {
    new RegExp(pattern);
  } catch {
    throw validation(`${path}.validationRegex`, 'This is not a valid regular expression');
  }
}

async function writeCustomField(
  trx: Transaction<Database>,
  actor: Actor,
  input: CustomFieldWrite,
  path: string,
): Promise<CustomFieldRecord> {
  checkPattern(input.validationRegex, path);
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.type === undefined || !(CUSTOM_FIELD_TYPES as readonly string[]).includes(input.type))
      throw validation(`${path}.type`, 'A custom field needs a type');
    if (input.field === undefined) throw validation(`${path}.field`, 'A custom field needs a name');
    if (input.isDeleted) throw validation(`${path}.isDeleted`, 'A new field cannot be deleted');
    await checkCalculation(trx, actor.organizationId, input, path);
    const row = (
      await sql<CustomFieldRow>`
        INSERT INTO custom_field (organization_id, type, field, group_name, description, schema, validation_regex,
          calculation, is_archived)
        VALUES (${actor.organizationId}, ${input.type}, ${input.field}, ${input.groupName ?? ''},
          ${input.description ?? ''}, ${JSON.stringify(input.schema ?? { dataType: 'text' })}::jsonb,
          ${input.validationRegex ?? null}, ${JSON.stringify(input.calculation ?? { kind: 'static' })}::jsonb,
          ${input.isArchived ?? false})
        ON CONFLICT DO NOTHING
        RETURNING ${CUSTOM_FIELD_SELECT}`.execute(trx)
    ).rows[0];
    if (!row) throw validation(`${path}.field`, 'A field of this type with this name already exists');
    return scheduled(trx, actor, customFieldRecord(row));
  }
  const current = (
    await sql<CustomFieldRow>`SELECT ${CUSTOM_FIELD_SELECT} FROM custom_field
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId} AND NOT is_deleted FOR UPDATE`.execute(
      trx,
    )
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = customFieldRecord(current);
  checkVersion(input, stored, path);
  // The name and type key values already stored on subscribers (custom.<field>) and in target expressions.
  if (input.type !== undefined && input.type !== stored.type)
    throw validation(`${path}.type`, 'The type of a field cannot change');
  if (input.field !== undefined && input.field !== stored.field)
    throw validation(`${path}.field`, 'The name of a field cannot change');
  // Checked as it will be stored: the new calculation against the field's type, name and (new) schema.
  if (input.calculation !== undefined && !input.isDeleted)
    await checkCalculation(
      trx,
      actor.organizationId,
      {
        ...input,
        type: stored.type,
        field: stored.field,
        schema: input.schema ?? stored.schema,
        validationRegex: input.validationRegex === undefined ? stored.validationRegex : input.validationRegex,
      },
      path,
    );
  const updated = await sql<CustomFieldRow>`
      UPDATE custom_field SET group_name = ${input.groupName ?? stored.groupName},
        description = ${input.description ?? stored.description},
        schema = ${JSON.stringify(input.schema ?? stored.schema)}::jsonb,
        validation_regex = ${input.validationRegex === undefined ? stored.validationRegex : input.validationRegex},
        calculation = ${JSON.stringify(input.calculation ?? stored.calculation)}::jsonb,
        is_archived = ${input.isArchived ?? stored.isArchived},
        is_deleted = ${input.isDeleted ?? false},
        updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
      RETURNING ${CUSTOM_FIELD_SELECT}`.execute(trx);
  return scheduled(trx, actor, customFieldRecord(returnedRow(updated)));
}

/** The written field, once its scheduled calculation run is in step with it (calculation-schedule.ts). */
async function scheduled(
  trx: Transaction<Database>,
  actor: Actor,
  record: CustomFieldRecord,
): Promise<CustomFieldRecord> {
  await scheduleCalculation(trx, {
    ...record,
    organizationId: actor.organizationId,
    createdAt: new Date(record.createdAt),
  });
  return record;
}
