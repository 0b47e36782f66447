import { describe, expect, it } from 'vitest';
import { channelFixture, emailFixture } from './check-fixtures.ts';
import { checkFrom } from './from-check.ts';

describe('from check', () => {
  it('passes a channel without a From header', async () => {
    expect(checkFrom(await channelFixture('sms', { sms: { text: 'Hi' } }))).toEqual({
      name: 'from',
      status: 'pass',
      message: 'This channel has no From header.',
    });
  });

  it('warns an e-mail without a From address', async () => {
    expect(checkFrom(await emailFixture('<p>Hi</p>'))).toMatchObject({
      status: 'warn',
      message: 'There is no From address: set one.',
    });
  });

  it('warns, and says where to add it, while the organization has no sending domain', async () => {
    const content = await emailFixture('<p>Hi</p>', { fromAddress: 'news@Harbour.example' });
    expect(checkFrom(content)).toMatchObject({
      status: 'warn',
      message:
        'harbour.example is not a sending domain of the organization: add it in Settings › Domains and publish its DNS records, so receivers accept mail from it.',
    });
  });

  it('passes a verified sending domain, and fails one unverified or not the organization’s', async () => {
    const content = await emailFixture('<p>Hi</p>', { fromAddress: 'news@harbour.example' });
    expect(checkFrom(content, [{ domain: 'harbour.example', verified: true }])).toMatchObject({
      status: 'pass',
      message: 'harbour.example is a verified sending domain.',
    });
    expect(checkFrom(content, [{ domain: 'harbour.example', verified: false }])).toMatchObject({
      status: 'fail',
      message:
        'harbour.example is not verified yet: publish its DNS records and press Check now in Settings › Domains.',
    });
    expect(checkFrom(content, [{ domain: 'mail.harbour.example', verified: true }])).toMatchObject({
      status: 'fail',
      message:
        "harbour.example is not one of the organization's sending domains: use one of mail.harbour.example, or add it in Settings › Domains.",
    });
  });
});
