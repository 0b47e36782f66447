import type { CustomFieldStats } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkCustomValue, type CustomFieldRule } from '../subscribers/custom-values.ts';

/** How many of the most common valid and invalid values the statistics keep. */
export const MOST_COMMON_VALUES = 10;

type Counted = { value: string; count: number };

function mostCommon(values: Counted[]): Counted[] {
  return values
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, MOST_COMMON_VALUES);
}

/**
 * Functional §3's custom-field statistics: subscribers with a value, with an invalid value, unique values,
 * unique invalid values, the most common valid and invalid values, and when they were counted. The database
 * groups the values (one row per distinct value); each distinct value is checked once, here, by the same
 * rule that imports and updateSubscriber apply. Anonymized subscribers hold no values; `partitionIds`
 * limits the count to those partitions' subscribers (a restricted user's view).
 */
export async function computeFieldStats(
  db: Kysely<Database>,
  organizationId: number,
  rule: CustomFieldRule,
  partitionIds?: readonly number[],
): Promise<CustomFieldStats> {
  const within =
    partitionIds === undefined ? sql`true` : sql`partition_ids && ${[...partitionIds]}::integer[]`;
  const rows = await sql<{ value: string; count: number }>`
    SELECT custom->>${rule.field} AS value, count(*)::integer AS count FROM subscriber
    WHERE organization_id = ${organizationId} AND custom ? ${rule.field} AND custom->>${rule.field} <> ''
      AND ${within}
    GROUP BY 1`.execute(db);
  const valid: Counted[] = [];
  const invalid: Counted[] = [];
  let withValue = 0;
  let withInvalidValue = 0;
  for (const row of rows.rows) {
    const counted = { value: row.value, count: Number(row.count) };
    withValue += counted.count;
    if ('reason' in checkCustomValue(rule, row.value)) {
      withInvalidValue += counted.count;
      invalid.push(counted);
    } else valid.push(counted);
  }
  return {
    withValue,
    withInvalidValue,
    uniqueValues: rows.rows.length,
    uniqueInvalidValues: invalid.length,
    mostCommonValid: mostCommon(valid),
    mostCommonInvalid: mostCommon(invalid),
    updatedAt: new Date().toISOString(),
  };
}
