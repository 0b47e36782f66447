import { describe, expect, it } from 'vitest';
import { ruleTypeFromPath, rulesByType, targetingRuleWrite } from './targetingRule.ts';
import type { TargetingRule } from './targetingRule.ts';

describe('targeting rules', () => {
  it('reads the channel type from the path', () => {
    expect(ruleTypeFromPath('sms')).toBe('sms');
    expect(ruleTypeFromPath('fax')).toBeNull();
    expect(ruleTypeFromPath(undefined)).toBeNull();
  });

  it('writes only what changed, the target as text', () => {
    const rule = { id: 3, version: 2, type: 'email' as const };
    expect(targetingRuleWrite(rule, { isEnabled: true })).toEqual({
      id: 3,
      version: 2,
      type: 'email',
      isEnabled: true,
    });
    expect(targetingRuleWrite(rule, { target: { type: 'list', listId: 1, state: 'subscribed' } })).toEqual({
      id: 3,
      version: 2,
      type: 'email',
      target: 'list 1',
    });
    expect(targetingRuleWrite(rule, { target: null })).toMatchObject({ target: null });
  });

  it('orders the rules by channel type', () => {
    const sms = { id: 1, type: 'sms' } as TargetingRule;
    expect(rulesByType([sms]).map(({ type, rule }) => [type, rule?.id])).toEqual([
      ['email', undefined],
      ['sms', 1],
      ['whatsapp', undefined],
      ['pushnotification', undefined],
    ]);
  });
});
