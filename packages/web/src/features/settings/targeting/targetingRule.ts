import type { ResourceRecord } from '@herald/protocol';
import { TARGETING_RULE_TYPES, printTarget } from '@herald/protocol';
import type { ResourceWrite, TargetNode, TargetingRuleType } from '@herald/protocol';

export type TargetingRule = ResourceRecord<'targetingRule'>;

/** A channel type from the path (`targeting/{type}`), or null when it is none. */
export function ruleTypeFromPath(value: string | undefined): TargetingRuleType | null {
  return (TARGETING_RULE_TYPES as readonly string[]).includes(value ?? '')
    ? (value as TargetingRuleType)
    : null;
}

/**
 * A rule as written: its type (one rule per type), the version read, the switch, and the target as canonical
 * text or null to clear it. Enabling without a target is the server's to refuse, with its own message.
 */
export function targetingRuleWrite(
  rule: Pick<TargetingRule, 'id' | 'version' | 'type'>,
  change: { isEnabled?: boolean; target?: TargetNode | null },
): ResourceWrite<'targetingRule'> {
  return {
    id: rule.id,
    version: rule.version,
    type: rule.type,
    ...(change.isEnabled !== undefined ? { isEnabled: change.isEnabled } : {}),
    ...(change.target !== undefined
      ? { target: change.target === null ? null : printTarget(change.target) }
      : {}),
  };
}

/** The four rules in the order of TARGETING_RULE_TYPES, each found by its type. */
export function rulesByType(
  records: readonly TargetingRule[],
): Array<{ type: TargetingRuleType; rule?: TargetingRule }> {
  return TARGETING_RULE_TYPES.map((type) => ({ type, rule: records.find((record) => record.type === type) }));
}
