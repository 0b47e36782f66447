import { describe, expect, it } from 'vitest';
import type { SubscriberRecord } from '@herald/protocol';
import {
  confirmationMatches,
  customFieldErrors,
  eventDetailEntries,
  standardFieldText,
  subscriberBadges,
} from './subscriberProfile.ts';

describe('subscriber profile', () => {
  it('badges anonymized, unsubscribed and invalid subscribers', () => {
    expect(subscriberBadges({ is_unsubscribed: false, is_invalid: false, anonymizedAt: null })).toEqual([]);
    expect(subscriberBadges({ is_unsubscribed: true, is_invalid: true, anonymizedAt: '2026-01-01' })).toEqual(
      ['anonymized', 'unsubscribed', 'invalid'],
    );
  });

  it('shows standard fields as text', () => {
    const subscriber = {
      email: 'a@b.c',
      cluster_id: 4,
      extra: {},
      is_invalid: true,
      phone: null,
    } as unknown as SubscriberRecord;
    expect(standardFieldText(subscriber, 'email')).toBe('a@b.c');
    expect(standardFieldText(subscriber, 'cluster_id')).toBe('4');
    expect(standardFieldText(subscriber, 'extra')).toBe('');
    expect(standardFieldText(subscriber, 'phone')).toBe('');
    expect(standardFieldText(subscriber, 'is_invalid')).toBeNull();
  });

  it('puts validation details on the custom field they name', () => {
    expect(
      customFieldErrors(
        [
          { path: 'custom.tier', message: 'Not allowed' },
          { path: ['data', 'custom', 'points'], message: 'Not a number' },
          { path: 'version', message: 'Stale' },
          { path: 'custom.other', message: 'Unknown' },
        ],
        ['tier', 'points'],
      ),
    ).toEqual({ tier: 'Not allowed', points: 'Not a number' });
    expect(customFieldErrors(undefined, ['tier'])).toEqual({});
  });

  it('confirms with the word asked for', () => {
    expect(confirmationMatches(' Anonymize ', 'ANONYMIZE')).toBe(true);
    expect(confirmationMatches('anonymise', 'ANONYMIZE')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
  });

  it('lists event details', () => {
    expect(eventDetailEntries({ subject: 'Hi', url: null, items: [1, 2], empty: '' })).toEqual([
      ['subject', 'Hi'],
      ['items', '[1,2]'],
    ]);
  });
});
