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
    expect(newActivityWrite(form)).toEqual({ campaignId: 3, type: 'email', name: 'Welcome' });
    const dated = newActivityWrite({ ...form, date: '2026-05-01T08:00' });
    expect(new Date(dated.date as string).getTime()).toBe(new Date(2026, 4, 1, 8, 0).getTime());
  });

  it('keeps a template only for an e-mail', () => {
    expect(newActivityWrite({ ...form, templateUrl: 'v5_welcome' }).templateUrl).toBe('v5_welcome');
    expect(newActivityWrite({ ...form, channel: 'sms', templateUrl: 'v5_welcome' })).not.toHaveProperty(
      'templateUrl',
    );
  });
});
