import { describe, expect, it } from 'vitest';
import { offersTargetingOverride } from './targetingOverride.ts';

describe('offersTargetingOverride', () => {
  it('offers an administrator the override of a blocked approval, schedule or deployment', () => {
    for (const action of ['approve', 'queueSchedule', 'queueDeploy'] as const)
      expect(offersTargetingOverride('TargetingRuleBlockedError', { action }, true)).toBe(true);
  });

  it('does not offer it to others, for other errors or other actions', () => {
    expect(offersTargetingOverride('TargetingRuleBlockedError', { action: 'approve' }, false)).toBe(false);
    expect(offersTargetingOverride('PrivilegesError', { action: 'approve' }, true)).toBe(false);
    expect(offersTargetingOverride('TargetingRuleBlockedError', { action: 'resume' }, true)).toBe(false);
    expect(offersTargetingOverride(undefined, { action: 'approve' }, true)).toBe(false);
  });
});
