import { PROFILE_FIELD_ORDER, STANDARD_PROFILE_FIELDS } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { isStandardProfileField, isSystemField } from './profileFields.ts';

describe('profile fields', () => {
  it("shows every standard field once, in the contract's profile order", () => {
    expect([...PROFILE_FIELD_ORDER].sort()).toEqual([...STANDARD_PROFILE_FIELDS].sort());
  });

  it('tells standard from custom, and system-set from importable', () => {
    expect(isStandardProfileField('email')).toBe(true);
    expect(isStandardProfileField('loyalty')).toBe(false);
    expect(isSystemField('ref')).toBe(true);
    expect(isSystemField('is_invalid')).toBe(true);
    expect(isSystemField('email')).toBe(false);
  });
});
