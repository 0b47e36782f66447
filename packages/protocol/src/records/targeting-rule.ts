import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { TARGETING_RULE_TYPES } from '../constants/enumerations.ts';
import { targetNodeSchema } from '../target/tree.ts';
import { targetInputSchema } from './audience.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/**
 * An organization's targeting rule for one channel type (functional §3): when enabled, an activity of that
 * type whose recipients fall outside the rule's target cannot be approved or deployed by a non-admin (the
 * server enforces it in workflow/targeting-rule-gate.ts). One per type; each type answers, disabled until set.
 */
export const targetingRuleRecordSchema = z.object({
  id: z.number().int(),
  type: z.enum(TARGETING_RULE_TYPES),
  isEnabled: z.boolean(),
  target: targetNodeSchema.nullable(),
  targetText: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TargetingRuleRecord = z.infer<typeof targetingRuleRecordSchema>;

/** Set a type's rule (administrators); enabling needs a target. */
export const targetingRuleWriteSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  updatedAt: z.string().max(64).optional(),
  type: z.enum(TARGETING_RULE_TYPES),
  isEnabled: z.boolean().optional(),
  target: targetInputSchema.nullable().optional(),
});
export type TargetingRuleWrite = z.infer<typeof targetingRuleWriteSchema>;

export const targetingRuleResource = defineResource({
  type: 'targetingRule',
  description: "Targeting rules: a channel's target that every activity of that channel must also meet.",
  record: targetingRuleRecordSchema,
  write: targetingRuleWriteSchema,
  filters: {
    id: filterOn.key,
    isEnabled: filterOn.flag,
    type: { kind: 'named', description: `one or more of ${TARGETING_RULE_TYPES.join(', ')}` },
  },
  defaultFilters: { type: [...TARGETING_RULE_TYPES] },
  sortKeys: ['type', 'updatedAt'],
  searchable: false,
  ...RESOURCE_ACCESS.targetingRule,
  live: true,
});
