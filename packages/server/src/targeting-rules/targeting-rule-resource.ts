import {
  HeraldError,
  TARGETING_RULE_TYPES,
  targetingRuleWriteSchema,
  type TargetNode,
  type TargetingRuleRecord,
  type TargetingRuleWrite,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';
import { checkTarget } from '../targets/target-input.ts';
import {
  TARGETING_RULE_SELECT,
  materializeTargetingRules,
  targetingRuleRecord,
  type TargetingRuleRow,
} from './targeting-rule-record.ts';

/**
 * Targeting rules (functional §3): one per channel type, every type answered. Read by head office (base),
 * set by administrators. Not partitioned: a partition-restricted user reads none (the engine's rule for
 * types without partitions), as the rules are head office's.
 */
export const targetingRuleResource = implementResource({
  definition: resourceDefinitions.targetingRule,
  table: 'targeting_rule',
  select: TARGETING_RULE_SELECT,
  toRecord: targetingRuleRecord,
  filters: {
    id: { column: 'targeting_rule.id' },
    isEnabled: { column: 'targeting_rule.is_enabled' },
    // Also where the organization's four rows are made (materializeTargetingRules): the engine offers no other
    // step with the database and the reader before it selects, and this filter applies to every query, by
    // default to every type.
    type: {
      custom: async (value, { db, actor }) => {
        const types = Array.isArray(value) ? value : [value];
        if (
          types.length === 0 ||
          types.some(
            (type) => typeof type !== 'string' || !(TARGETING_RULE_TYPES as readonly string[]).includes(type),
          )
        )
          throw validation('query.filter.type', `Expected one of ${TARGETING_RULE_TYPES.join(', ')}`);
        await materializeTargetingRules(db, actor.organizationId);
        return sql`targeting_rule.channel_type IN (${sql.join(types as string[])})`;
      },
    },
  },
  sortable: { type: 'channel_type', updatedAt: 'updated_at' },
  search: [],
  write: writeTargetingRules,
});

const writeEachRule = writeEach(targetingRuleWriteSchema, writeTargetingRule);

async function writeTargetingRules(
  trx: Transaction<Database>,
  actor: Actor,
  data: readonly unknown[],
): Promise<TargetingRuleRecord[]> {
  await materializeTargetingRules(trx, actor.organizationId);
  return writeEachRule(trx, actor, data);
}

/**
 * Sets the rule of `input.type` (there is always one: the rows are materialized). What the write leaves out
 * stays as stored; `target: null` clears the target. A version (or updatedAt), when given, must be the stored
 * one; without it the write is the administrator's setting as sent, since a type's rule is one setting.
 */
async function writeTargetingRule(
  trx: Transaction<Database>,
  actor: Actor,
  input: TargetingRuleWrite,
  path: string,
): Promise<TargetingRuleRecord> {
  const current = (
    await sql<TargetingRuleRow>`SELECT ${TARGETING_RULE_SELECT} FROM targeting_rule
      WHERE organization_id = ${actor.organizationId} AND channel_type = ${input.type} FOR UPDATE`.execute(
      trx,
    )
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = targetingRuleRecord(current);
  if (input.id !== undefined && input.id !== stored.id) throw new HeraldError('NotFoundError');
  if (input.version !== undefined || input.updatedAt !== undefined) checkVersion(input, stored, path);
  let target: TargetNode | null = stored.target;
  if (input.target !== undefined)
    target =
      input.target === null ? null : (await checkTarget(trx, actor, input.target, `${path}.target`)).tree;
  const isEnabled = input.isEnabled ?? stored.isEnabled;
  if (isEnabled && target === null)
    throw validation(`${path}.target`, 'An enabled targeting rule needs a target expression');
  const row = await sql<TargetingRuleRow>`
    UPDATE targeting_rule SET is_enabled = ${isEnabled},
      target = ${target === null ? null : JSON.stringify(target)}::jsonb,
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${stored.id} AND organization_id = ${actor.organizationId}
    RETURNING ${TARGETING_RULE_SELECT}`.execute(trx);
  return targetingRuleRecord(returnedRow(row));
}
