import { calculationSchema, type Calculation, type CustomFieldDataType } from '@herald/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { CustomFieldRule } from '../subscribers/custom-values.ts';

/** The rules of a calculated field (functional §3): its target, rule type, action and schedule. */
export type CalculatedRules = Extract<Calculation, { kind: 'calculated' }>;

/** A subscriber custom field as a calculation reads it. */
export interface CalculationField {
  id: number;
  type: string;
  field: string;
  /** How values are stored on subscribers (numbers as numbers …), as imports and forms store them. */
  rule: CustomFieldRule;
  calculation: Calculation;
}

/** What a field's values must be, from its definition (the same reading as subscriberFieldRules). */
export function customFieldRuleOf(
  field: string,
  schema: { dataType?: CustomFieldDataType; values?: string[] | undefined } | undefined,
  validationRegex: string | null | undefined,
): CustomFieldRule {
  let pattern: RegExp | undefined;
  try {
    pattern = validationRegex ? new RegExp(validationRegex) : undefined;
  } catch {
    pattern = undefined;
  }
  const values = schema?.values ?? [];
  return {
    field,
    dataType: schema?.dataType ?? 'text',
    values: values.length > 0 ? new Map(values.map((value) => [value.toLowerCase(), value])) : undefined,
    pattern,
  };
}

/** The organization's field by id, when it exists and is not deleted. */
export async function loadCalculationField(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
  customFieldId: number,
): Promise<CalculationField | undefined> {
  const row = await db
    .selectFrom('custom_field')
    .select(['id', 'type', 'field', 'schema', 'validation_regex', 'calculation'])
    .where('id', '=', customFieldId)
    .where('organization_id', '=', organizationId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = calculationSchema.safeParse(row.calculation);
  return {
    id: row.id,
    type: row.type,
    field: row.field,
    rule: customFieldRuleOf(row.field, row.schema, row.validation_regex),
    // A stored calculation that no longer reads as one is treated as static: nothing is calculated from it.
    calculation: parsed.success ? parsed.data : { kind: 'static' },
  };
}
