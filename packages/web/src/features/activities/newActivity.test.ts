import { describe, expect, it } from 'vitest';
import { newActivityWrite, validateNewActivity } from './newActivity.ts';

const form = { campaignId: 3, channel: 'email' as const, name: ' Welcome ', date: '', templateUrl: '' };

describe('new activity', () => {
  it('needs a campaign, a channel and a name', () => {
    expect(validateNewActivity(form)).toEqual({});
    expect(validateNewActivity({ ...form, campaignId: null, channel: null, name: '' })).toEqual({
      campaignId: 'campaignRequired',
      channel: 'channelRequired',
      name: 'nameRequired',
    });
  });

  it('creates with the campaign, channel and trimmed name, and the date when given', () => {
    expect(newActivityWrite(form, 'UTC')).toEqual({ campaignId: 3, type: 'email', name: 'Welcome' });
    // The date is on the organization's clock: 08:00 in Jakarta is 01:00 UTC, wherever the browser is.
    const dated = newActivityWrite({ ...form, date: '2026-05-01T08:00' }, 'Asia/Jakarta');
    expect(dated.date).toBe('2026-05-01T01:00:00.000Z');
  });

  it('keeps a template only for an e-mail', () => {
    expect(newActivityWrite({ ...form, templateUrl: 'v5_welcome' }, 'UTC').templateUrl).toBe('v5_welcome');
    expect(
      newActivityWrite({ ...form, channel: 'sms', templateUrl: 'v5_welcome' }, 'UTC'),
    ).not.toHaveProperty('templateUrl');
  });
});
