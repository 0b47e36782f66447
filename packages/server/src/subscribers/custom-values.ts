import type { CustomFieldDataType } from '@herald/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** What a subscriber custom field accepts, read from its definition. */
export interface CustomFieldRule {
  field: string;
  dataType: CustomFieldDataType;
  /** Allowed values by lower-cased text, mapped to the defined spelling; undefined when any value goes. */
  values: ReadonlyMap<string, string> | undefined;
  pattern: RegExp | undefined;
}

/** The organization's subscriber custom fields that are not deleted, by lower-cased name. */
export async function subscriberFieldRules(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
): Promise<Map<string, CustomFieldRule>> {
  const rows = await db
    .selectFrom('custom_field')
    .select(['field', 'schema', 'validation_regex'])
    .where('organization_id', '=', organizationId)
    .where('type', '=', 'subscriber')
    .where('is_deleted', '=', false)
    .execute();
  const rules = new Map<string, CustomFieldRule>();
  for (const row of rows) {
    const schema = row.schema as { dataType?: CustomFieldDataType; values?: string[] };
    let pattern: RegExp | undefined;
    try {
      pattern = row.validation_regex ? new RegExp(row.validation_regex) : undefined;
    } catch {
      // A pattern saved before patterns were checked: it cannot refuse anything, so it checks nothing.
      pattern = undefined;
    }
    rules.set(row.field.toLowerCase(), {
      field: row.field,
      dataType: schema.dataType ?? 'text',
      values:
        schema.values && schema.values.length > 0
          ? new Map(schema.values.map((value) => [value.toLowerCase(), value]))
          : undefined,
      pattern,
    });
  }
  return rules;
}

/**
 * Checks one value against its field; answers the value as stored (numbers as numbers, booleans as booleans,
 * dates as YYYY-MM-DD) or a reason it is refused. Empty values clear the field (null).
 */
export function checkCustomValue(
  rule: CustomFieldRule,
  value: string | number | boolean | null,
): { value: string | number | boolean | null } | { reason: string } {
  if (value === null || value === '') return { value: null };
  const text = String(value).trim();
  let stored: string | number | boolean = text;
  switch (rule.dataType) {
    case 'number': {
      const number = typeof value === 'number' ? value : Number(text);
      if (text === '' || !Number.isFinite(number)) return { reason: `${rule.field} must be a number` };
      stored = number;
      break;
    }
    case 'boolean': {
      const lowered = text.toLowerCase();
      if (['true', 'yes', 'y', '1'].includes(lowered)) stored = true;
      else if (['false', 'no', 'n', '0'].includes(lowered)) stored = false;
      else return { reason: `${rule.field} must be true or false` };
      break;
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
        return { reason: `${rule.field} must be a date as YYYY-MM-DD` };
      break;
    case 'text':
      break;
  }
  if (rule.values) {
    const allowed = rule.values.get(text.toLowerCase());
    if (allowed === undefined)
      return { reason: `${rule.field} must be one of ${[...rule.values.values()].join(', ')}` };
    if (typeof stored === 'string') stored = allowed;
  }
  if (rule.pattern && !rule.pattern.test(text))
    return { reason: `${rule.field} does not match its validation pattern` };
  return { value: stored };
}
