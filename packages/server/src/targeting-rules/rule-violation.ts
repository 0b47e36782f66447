import { printTarget, targetFromInput, targetNodeSchema, type ActivityRecord } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { compileTarget } from '../targets/compile-target.ts';
import { loadTargetCatalogue } from '../targets/target-catalogue.ts';

/** Counting stops here: "at least 1,000 outside" says enough, and a count past it would scan for nothing. */
export const RULE_VIOLATION_COUNT_LIMIT = 1_000;

/** An activity that reaches subscribers outside its channel's enabled targeting rule. */
export interface TargetingRuleViolation {
  channel: ActivityRecord['type'];
  /** The rule's target, as text. */
  ruleText: string;
  /** How many of its recipients the rule leaves out, counted up to RULE_VIOLATION_COUNT_LIMIT. */
  outside: number;
  /** True when the count stopped at the limit (there may be more). */
  atLeast: boolean;
}

/**
 * Whether an activity breaks its organization's targeting rule for its channel (functional §3 Targeting rule:
 * "an activity of that type whose recipients fall outside the rule's target"). The answer is semantic, not
 * textual: the subscribers the activity's target reaches (everyone, without one) that the rule's target does
 * not, counted on the organization's current data. Undefined when no enabled rule applies or nobody is
 * outside it. The caller (the workflow's approve and deploy) refuses a non-admin, and records an admin's
 * override.
 */
export async function targetingRuleViolation(
  db: Kysely<Database> | Transaction<Database>,
  activity: Pick<ActivityRecord, 'type' | 'target'> & { organizationId: number },
  now: Date = new Date(),
): Promise<TargetingRuleViolation | undefined> {
  const rule = await db
    .selectFrom('targeting_rule')
    .select(['target'])
    .where('organization_id', '=', activity.organizationId)
    .where('channel_type', '=', activity.type)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  if (!rule || rule.target === null) return undefined;
  const ruleTree = targetNodeSchema.parse(rule.target);
  const catalogue = await loadTargetCatalogue(db, activity.organizationId);
  const context = { organizationId: activity.organizationId, now, fields: catalogue.fields };
  const reached = reachedBy(activity.target, context);
  const { rows } = await sql<{ outside: number }>`
    SELECT count(*)::integer AS outside FROM (
      SELECT 1 FROM subscriber
      WHERE subscriber.organization_id = ${activity.organizationId} AND subscriber.anonymized_at IS NULL
        AND coalesce(${reached}, false) AND NOT coalesce(${compileTarget(ruleTree, context)}, false)
      LIMIT ${RULE_VIOLATION_COUNT_LIMIT}
    ) AS outside_the_rule`.execute(db);
  const outside = rows[0]?.outside ?? 0;
  if (outside === 0) return undefined;
  return {
    channel: activity.type,
    ruleText: printTarget(ruleTree),
    outside,
    atLeast: outside >= RULE_VIOLATION_COUNT_LIMIT,
  };
}

/**
 * Whom the activity's stored target reaches, as a condition: everyone without one. A stored target was
 * validated when saved; one that no longer parses reaches nobody here (the destination check fails it).
 */
function reachedBy(target: string | null, context: Parameters<typeof compileTarget>[1]) {
  if (target === null || target.trim() === '') return sql<boolean>`true`;
  const parsed = targetFromInput(target);
  return parsed.ok ? compileTarget(parsed.tree, context) : sql<boolean>`false`;
}
