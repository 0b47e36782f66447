import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation } from '../query/resources.ts';
import { checkCustomValue } from '../subscribers/custom-values.ts';
import type { CalculatedRules, CalculationField } from './calculated-field.ts';

/** What a run did: subscribers given a value, values that changed, values removed, subscribers that failed. */
export interface CalculationCounts {
  matched: number;
  updated: number;
  cleared: number;
  errors: number;
}

/** A rule value as subscribers store it (a number field's "5" is 5), as jsonb text for a parameter. */
export function storedRuleValue(field: CalculationField, value: string, path: string): string {
  const checked = checkCustomValue(field.rule, value);
  if ('reason' in checked) throw validation(path, checked.reason);
  if (checked.value === null) throw validation(path, 'A rule needs a value');
  return JSON.stringify(checked.value);
}

/**
 * Which value each matching subscriber gets, as `SELECT id, value` (value jsonb, NULL for none). Positions
 * count from the lowest id, so a split gives the same subscribers the same values run after run.
 */
function assignedValues(
  field: CalculationField,
  rules: CalculatedRules,
  matching: RawBuilder<boolean>,
  ruleConditions: ReadonlyArray<RawBuilder<boolean>>,
): RawBuilder<unknown> {
  const values = rules.rules.map((rule, index) =>
    storedRuleValue(field, rule.value, `calculation.rules.${index}.value`),
  );
  if (rules.ruleType === 'nestedTarget') {
    // The first rule whose target the subscriber matches gives the value.
    const cases = values.map(
      (value, index) => sql`WHEN (${ruleConditions[index] ?? sql`false`}) THEN ${value}::jsonb`,
    );
    return sql`SELECT subscriber.id, CASE ${sql.join(cases, sql` `)} END AS value
      FROM subscriber WHERE ${matching}`;
  }
  if (rules.ruleType === 'roundRobinSplit') {
    return sql`SELECT subscriber.id,
        ${`[${values.join(',')}]`}::jsonb -> (((row_number() OVER (ORDER BY subscriber.id)) - 1) % ${values.length}::integer)::integer AS value
      FROM subscriber WHERE ${matching}`;
  }
  // percentageSplit: the subscriber at 0-based position p of n takes the first value whose running total of
  // percentages c satisfies p * 100 < c * n; the last value takes whatever rounding leaves.
  let runningTotal = 0;
  const cases = values.slice(0, -1).map((value, index) => {
    runningTotal += rules.rules[index]?.percentage ?? 0;
    return sql`WHEN ordered.position * 100 < ${String(runningTotal)}::numeric * ordered.total THEN ${value}::jsonb`;
  });
  const last = values.at(-1) ?? 'null';
  return sql`SELECT ordered.id, CASE ${sql.join([...cases, sql`ELSE ${last}::jsonb`], sql` `)} END AS value
    FROM (SELECT subscriber.id, row_number() OVER (ORDER BY subscriber.id) - 1 AS position, count(*) OVER () AS total
      FROM subscriber WHERE ${matching}) ordered`;
}

/** Removes the field from the organization's subscribers that `kept` does not hold (clearNonMatching). */
export function clearedSubscribers(
  organizationId: number,
  field: string,
  notKept: RawBuilder<boolean>,
): RawBuilder<unknown> {
  return sql`UPDATE subscriber SET custom = subscriber.custom - ${field}, version = subscriber.version + 1,
      updated_at = greatest(now(), subscriber.updated_at + interval '1 millisecond')
    WHERE subscriber.organization_id = ${organizationId} AND subscriber.anonymized_at IS NULL
      AND subscriber.custom -> ${field} IS NOT NULL AND ${notKept}
    RETURNING subscriber.id`;
}

/**
 * Nested targets, round-robin and percentage splits in one statement: values are computed and written by
 * the database (a million subscribers never pass through the server), and only values that change are
 * written, so a rerun touches nothing that is already right.
 */
export async function calculateSplit(
  trx: Transaction<Database>,
  organizationId: number,
  field: CalculationField,
  rules: CalculatedRules,
  matching: RawBuilder<boolean>,
  ruleConditions: ReadonlyArray<RawBuilder<boolean>>,
): Promise<CalculationCounts> {
  const name = field.field;
  const clearing =
    rules.ruleAction === 'clearNonMatching'
      ? sql`, cleared AS (${clearedSubscribers(
          organizationId,
          name,
          sql`NOT EXISTS (SELECT 1 FROM assigned WHERE assigned.id = subscriber.id)`,
        )})`
      : sql``;
  const row = (
    await sql<{ matched: number | string; updated: number | string; cleared: number | string }>`
      WITH calculated AS (${assignedValues(field, rules, matching, ruleConditions)}),
      assigned AS (SELECT id, value FROM calculated WHERE value IS NOT NULL),
      updated AS (
        UPDATE subscriber SET custom = jsonb_set(subscriber.custom, ARRAY[${name}]::text[], assigned.value),
          version = subscriber.version + 1,
          updated_at = greatest(now(), subscriber.updated_at + interval '1 millisecond')
        FROM assigned
        WHERE subscriber.id = assigned.id AND subscriber.organization_id = ${organizationId}
          AND subscriber.custom -> ${name} IS DISTINCT FROM assigned.value
        RETURNING subscriber.id)${clearing}
      SELECT (SELECT count(*) FROM assigned) AS matched, (SELECT count(*) FROM updated) AS updated,
        ${rules.ruleAction === 'clearNonMatching' ? sql`(SELECT count(*) FROM cleared)` : sql`0`} AS cleared`.execute(
      trx,
    )
  ).rows[0];
  return {
    matched: Number(row?.matched ?? 0),
    updated: Number(row?.updated ?? 0),
    cleared: Number(row?.cleared ?? 0),
    errors: 0,
  };
}
