import { describe, expect, it } from 'vitest';
import { advancedFormOf, settingsWithAdvanced } from './advancedForm.ts';

describe('the advanced settings form', () => {
  it('reads what is stored, an unset throttle as empty', () => {
    const form = advancedFormOf({
      advanced: { enableBetaFeatures: true, featureKeys: 'integrations\n!coupons' },
      maxThrottlePerActivityType: { sms: 600 },
    });
    expect(form.enableBetaFeatures).toBe(true);
    expect(form.featureKeys).toBe('integrations\n!coupons');
    expect(form.maxThrottle.sms).toBe(600);
    expect(form.maxThrottle.email).toBe('');
  });

  it('writes the section, keeping other keys, and leaves out throttles at the product maximum', () => {
    const current = { timeZone: 'UTC', advanced: { other: 1 }, maxThrottlePerActivityType: { line: 5 } };
    const form = advancedFormOf(current);
    const next = settingsWithAdvanced(current, {
      ...form,
      enableBetaFeatures: true,
      featureKeys: 'integrations',
      maxThrottle: { ...form.maxThrottle, line: '', email: 60_000, sms: 900 },
    });
    expect(next).toEqual({
      timeZone: 'UTC',
      advanced: { other: 1, enableBetaFeatures: true, featureKeys: 'integrations' },
      maxThrottlePerActivityType: { sms: 900 },
    });
    expect(settingsWithAdvanced({}, advancedFormOf({})).maxThrottlePerActivityType).toBeUndefined();
  });
});
