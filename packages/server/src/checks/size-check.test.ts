import { describe, expect, it } from 'vitest';
import { channelFixture, emailFixture } from './check-fixtures.ts';
import { checkSize } from './size-check.ts';

const paragraphOf = (kilobytes: number) => `<p>${'x'.repeat(kilobytes * 1024)}</p>`;

describe('size check', () => {
  it('passes an e-mail under 100 KB', async () => {
    const result = checkSize(await emailFixture(paragraphOf(20)));
    expect(result.status).toBe('pass');
    expect(result.message).toMatch(/^The e-mail is 2\d KB, under 100 KB\.$/);
  });

  it('warns from 100 KB and fails from 200 KB', async () => {
    expect(checkSize(await emailFixture(paragraphOf(120)))).toMatchObject({ status: 'warn' });
    const failed = checkSize(await emailFixture(paragraphOf(210)));
    expect(failed.status).toBe('fail');
    expect(failed.message).toMatch(/over the 200 KB limit: remove blocks or shorten the text\.$/);
  });

  it('weighs each version and names the one over the limit', async () => {
    const content = await emailFixture(`<p>{{ subscriber.custom.note }}</p>`, {
      variations: [{ id: 'v1', name: 'Long', subject: 'Longer' }],
    });
    // Version 1 differs by subject only here; make it heavy to see it named on its own.
    content.versions[1]!.sizeBytes = 150 * 1024;
    const result = checkSize(content);
    expect(result).toMatchObject({ status: 'warn', variation: 1 });
  });

  it('warns an SMS past four segments and passes a short one', async () => {
    expect(
      checkSize(await channelFixture('sms', { sms: { text: 'Hi {{ subscriber.firstname }}' } })),
    ).toMatchObject({
      status: 'pass',
      message: 'The SMS is 1 segment.',
    });
    const long = await channelFixture('sms', { sms: { text: 'x'.repeat(800) } });
    expect(checkSize(long).status).toBe('warn');
  });

  it('warns a push body a lock screen cuts', async () => {
    const long = await channelFixture('pushnotification', {
      pushnotification: { title: 'Hi', body: 'x'.repeat(300) },
    });
    expect(checkSize(long).status).toBe('warn');
    const short = await channelFixture('pushnotification', {
      pushnotification: { title: 'Hi', body: 'New roasts' },
    });
    expect(checkSize(short).status).toBe('pass');
  });
});
