import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_NAME_PATTERN,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDataType,
} from '@herald/protocol';
import { sql } from 'kysely';
import { type JobHandler } from '../jobs/job-runner.ts';
import type { CopySession } from '../database/copy-session.ts';
import { runDefinitionImport, type HeaderedRow, type RowOutcome } from './small-file-import.ts';

const TYPES: ReadonlySet<string> = new Set(CUSTOM_FIELD_TYPES);
const DATA_TYPES: ReadonlySet<string> = new Set(CUSTOM_FIELD_DATA_TYPES);

/**
 * One row of a custom-field file (customfields/import): columns type, field, groupName, description,
 * dataType, validationRegex (header names case-insensitive; missing columns keep what the field has). A field
 * is matched by type and name (case-insensitive) among those not deleted: updated if found, else created.
 */
export async function writeCustomFieldRow(
  session: CopySession,
  organizationId: number,
  row: HeaderedRow,
): Promise<RowOutcome> {
  const type = row.values.get('type') ?? 'subscriber';
  const field = row.values.get('field');
  const dataType = row.values.get('datatype');
  const pattern = row.values.get('validationregex');
  if (!TYPES.has(type)) return { reason: `type: "${type.slice(0, 40)}" is not a custom field type` };
  if (!field || !CUSTOM_FIELD_NAME_PATTERN.test(field))
    return { reason: 'field: use a letter, then letters, digits or _ (at most 63)' };
  if (dataType !== undefined && !DATA_TYPES.has(dataType))
    return { reason: `dataType: use one of ${CUSTOM_FIELD_DATA_TYPES.join(', ')}` };
  if (pattern !== undefined) {
    try {
      new RegExp(pattern);
    } catch {
      return { reason: 'validationRegex: not a valid regular expression' };
    }
  }
  const groupName = row.values.get('groupname')?.slice(0, 100);
  const description = row.values.get('description')?.slice(0, 2000);
  const newSchema =
    dataType === undefined ? sql`schema` : sql`schema || jsonb_build_object('dataType', ${dataType}::text)`;
  const updated = await session.run(sql<{ id: number }>`UPDATE custom_field
    SET group_name = coalesce(${groupName ?? null}, group_name),
      description = coalesce(${description ?? null}, description), schema = ${newSchema},
      validation_regex = coalesce(${pattern ?? null}, validation_regex), updated_at = now(), version = version + 1
    WHERE organization_id = ${organizationId} AND type = ${type} AND lower(field) = lower(${field})
      AND NOT is_deleted RETURNING id`);
  if (updated.length > 0) return 'updated';
  const storedType: CustomFieldDataType = (dataType ?? 'text') as CustomFieldDataType;
  await session.run(sql`INSERT INTO custom_field (organization_id, type, field, group_name, description, schema,
      validation_regex)
    VALUES (${organizationId}, ${type}, ${field}, ${groupName ?? ''}, ${description ?? ''},
      jsonb_build_object('dataType', ${storedType}::text), ${pattern ?? null})`);
  return 'created';
}

/** The 'customFieldImport' job kind. */
export const customFieldImportJob: JobHandler = {
  capability: 'database-manage',
  run: (context) =>
    runDefinitionImport(context, (session, row) =>
      writeCustomFieldRow(session, context.job.organizationId, row),
    ),
};
