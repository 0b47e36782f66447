import { defineArea } from '../area.ts';
import { targetingRuleResource } from './targeting-rule-resource.ts';

/** Targeting rules: each channel's standing target. */
export const targetingRulesArea = defineArea({
  name: 'targeting-rules',
  resources: [targetingRuleResource],
});
