import { HeraldError, type ActivityRecord } from '@herald/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';
import { targetingRuleViolation } from '../targeting-rules/rule-violation.ts';

/**
 * The organization's targeting rule acting on approval and deployment (functional §3; docs/workflow.md
 * § Targeting rules): an activity that reaches subscribers outside its channel's enabled rule is refused with
 * TargetingRuleBlockedError, unless an administrator overrides it by giving a reason. Answers what the log
 * records of an override (nothing when the rule holds or none applies).
 */
export async function passTargetingRule(
  trx: Transaction<Database>,
  actor: Actor,
  activity: ActivityRecord,
  overrideReason: string | undefined,
): Promise<Record<string, unknown>> {
  const violation = await targetingRuleViolation(trx, { ...activity, organizationId: actor.organizationId });
  if (!violation) return {};
  const reason = overrideReason?.trim();
  if (actor.capabilities.includes('admin') && reason)
    return {
      targetingRuleOverride: {
        reason,
        rule: violation.ruleText,
        outside: violation.outside,
        atLeast: violation.atLeast,
      },
    };
  throw new HeraldError('TargetingRuleBlockedError', {
    values: {
      outside: `${violation.atLeast ? 'at least ' : ''}${violation.outside.toLocaleString('en')}`,
      channel: violation.channel,
    },
  });
}
