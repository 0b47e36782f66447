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

  it('warns that the From domain cannot be verified until sending domains exist', async () => {
    const content = await emailFixture('<p>Hi</p>', { fromAddress: 'news@Harbour.example' });
    expect(checkFrom(content)).toMatchObject({
      status: 'warn',
      message:
        'Herald cannot verify harbour.example as a sending domain yet: make sure its SPF and DKIM allow your mail server.',
    });
  });
});
