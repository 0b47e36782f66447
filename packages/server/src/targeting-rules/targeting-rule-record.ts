import {
  TARGETING_RULE_TYPES,
  printTarget,
  targetNodeSchema,
  type TargetNode,
  type TargetingRuleRecord,
  type TargetingRuleType,
} from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { TargetingRuleTable } from '../targets/tables.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A rule as TARGETING_RULE_SELECT reads it. */
export type TargetingRuleRow = Pick<
  Selectable<TargetingRuleTable>,
  'id' | 'channel_type' | 'is_enabled' | 'target' | 'updated_at' | 'version'
>;

export const TARGETING_RULE_SELECT = sql<TargetingRuleRow>`targeting_rule.id, targeting_rule.channel_type,
  targeting_rule.is_enabled, targeting_rule.target, targeting_rule.updated_at, targeting_rule.version`;

const iso = (value: Date) => new Date(value).toISOString();

/** The stored tree, or null; a tree that no longer reads as one (it never should) answers as none. */
function storedTree(value: unknown): TargetNode | null {
  if (value === null || value === undefined) return null;
  const parsed = targetNodeSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? parsed.data : null;
}

export function targetingRuleRecord(row: TargetingRuleRow): TargetingRuleRecord {
  const target = storedTree(row.target);
  return {
    id: row.id,
    // The column holds only TARGETING_RULE_TYPES (materializeTargetingRules makes the rows).
    type: row.channel_type as TargetingRuleType,
    isEnabled: row.is_enabled,
    target,
    targetText: target === null ? null : printTarget(target),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/**
 * Every type answers a rule, disabled with no target until an administrator sets it. The rows are made the
 * first time the organization's rules are read or written rather than answered from a select over the types
 * LEFT JOIN targeting_rule: the query engine reads one table, and a real row gives every record the id and
 * version the contract promises and an update checks. Idempotent (ON CONFLICT on the (organization,
 * type) key), so concurrent first readers do not collide.
 */
export async function materializeTargetingRules(db: Executor, organizationId: number): Promise<void> {
  const present = await sql<{ count: number }>`SELECT count(*)::integer AS count FROM targeting_rule
    WHERE organization_id = ${organizationId}`.execute(db);
  if ((present.rows[0]?.count ?? 0) >= TARGETING_RULE_TYPES.length) return;
  await sql`INSERT INTO targeting_rule (organization_id, channel_type)
    SELECT ${organizationId}, type FROM unnest(${[...TARGETING_RULE_TYPES]}::text[]) AS type
    ON CONFLICT (organization_id, channel_type) DO NOTHING`.execute(db);
}

/**
 * The organization's rule for a channel type, for the workflow that enforces it on approval and deployment;
 * undefined when none was ever set (which means disabled).
 */
export async function targetingRuleFor(
  db: Executor,
  organizationId: number,
  type: TargetingRuleType,
): Promise<{ isEnabled: boolean; tree: TargetNode | null } | undefined> {
  const row = await db
    .selectFrom('targeting_rule')
    .select(['is_enabled', 'target'])
    .where('organization_id', '=', organizationId)
    .where('channel_type', '=', type)
    .executeTakeFirst();
  if (!row) return undefined;
  return { isEnabled: row.is_enabled, tree: storedTree(row.target) };
}
