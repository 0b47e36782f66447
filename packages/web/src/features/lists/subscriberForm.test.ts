import { describe, expect, it } from 'vitest';
import {
  ADD_SUBSCRIBER_FIELDS,
  customValue,
  fieldErrorsOf,
  subscriberCreateOf,
  validateSubscriberForm,
} from './subscriberForm.ts';

describe('add subscriber form', () => {
  it('offers the writable profile fields in the profile order, never the protected ones', () => {
    expect(ADD_SUBSCRIBER_FIELDS.slice(0, 4)).toEqual(['title', 'firstname', 'lastname', 'email']);
    expect(ADD_SUBSCRIBER_FIELDS).toHaveLength(16);
    for (const field of ['ref', 'cluster_id', 'is_invalid', 'is_unsubscribed', 'extra'])
      expect(ADD_SUBSCRIBER_FIELDS).not.toContain(field);
  });

  it('writes the filled fields, typed custom values and the list', () => {
    expect(
      subscriberCreateOf(
        {
          profile: { email: ' ann@example.com ', firstname: 'Ann', lastname: '  ' },
          custom: { points: '12', vip: 'true', note: '' },
        },
        { points: 'number', vip: 'boolean', note: 'text' },
        4,
      ),
    ).toEqual({
      listIds: [4],
      email: 'ann@example.com',
      firstname: 'Ann',
      custom: { points: 12, vip: true },
    });
    expect(customValue('abc', 'number')).toBe('abc');
  });

  it('maps validation details onto fields', () => {
    expect(
      fieldErrorsOf(
        [
          { path: 'data.0.dob', message: 'Expected a date as YYYY-MM-DD' },
          { path: 'data.0.custom.points', message: 'Not a number' },
          { path: 'data.0.unknown', message: 'x' },
        ],
        ['points'],
      ),
    ).toEqual({ dob: 'Expected a date as YYYY-MM-DD', 'custom.points': 'Not a number' });
  });

  it('needs an e-mail or phone, and a plausible e-mail', () => {
    expect(validateSubscriberForm({ profile: {}, custom: {} })).toEqual({ email: 'contactRequired' });
    expect(validateSubscriberForm({ profile: { email: 'nope' }, custom: {} })).toEqual({
      email: 'emailInvalid',
    });
    expect(validateSubscriberForm({ profile: { phone: '+61 400' }, custom: {} })).toEqual({});
  });
});
