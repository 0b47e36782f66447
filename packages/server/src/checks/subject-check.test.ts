import { describe, expect, it } from 'vitest';
import { channelFixture, emailFixture } from './check-fixtures.ts';
import { checkSubject, isAllCapitals, spamPhrasesIn } from './subject-check.ts';

describe('subject check', () => {
  it('passes a personalized subject in sentence case', async () => {
    const content = await emailFixture('<p>Hi</p>', {
      subject: '{{ subscriber.firstname }}, autumn roasts are here',
    });
    expect(checkSubject(content)).toEqual({
      name: 'subject',
      status: 'pass',
      message: 'The subject reads well.',
    });
  });

  it('fails an empty subject', async () => {
    const content = await emailFixture('<p>Hi</p>', { subject: '  ' });
    expect(checkSubject(content)).toMatchObject({
      status: 'fail',
      message: 'The subject is empty: write one.',
    });
  });

  it('warns a subject only fields make, which the sample recipient leaves empty', async () => {
    const content = await emailFixture('<p>Hi</p>', { subject: '{{ subscriber.custom.offer }}' });
    expect(checkSubject(content)).toMatchObject({
      status: 'warn',
      message: 'The subject is empty for the sample recipient: give its fields a fallback with | default.',
    });
  });

  it('warns a long subject, one in capitals and one with spam phrases', async () => {
    const long = await emailFixture('<p>Hi</p>', { subject: 'Autumn '.repeat(30) });
    expect(checkSubject(long)).toMatchObject({
      status: 'warn',
      message: 'The subject is 209 characters: keep it within 150.',
    });
    const shouting = await emailFixture('<p>Hi</p>', { subject: 'FREE MONEY, ACT NOW!!!' });
    const result = checkSubject(shouting);
    expect(result.status).toBe('warn');
    expect(result.details).toEqual([
      'The subject is in capitals: write it in sentence case.',
      'The subject contains “act now”, which spam filters score: reword it.',
      'The subject contains “free money”, which spam filters score: reword it.',
      'The subject contains “!!!”, which spam filters score: reword it.',
    ]);
  });

  it('checks each variation’s subject', async () => {
    const content = await emailFixture('<p>Hi</p>', {
      variations: [{ id: 'loud', name: 'Loud', subject: 'WINNER WINNER' }],
    });
    expect(checkSubject(content)).toMatchObject({ status: 'warn', variation: 1 });
  });

  it('reads capitals and phrases by word', () => {
    expect(isAllCapitals('NEW ROASTS 2026')).toBe(true);
    expect(isAllCapitals('NEW')).toBe(false);
    expect(isAllCapitals('New ROASTS')).toBe(false);
    expect(spamPhrasesIn('Our winners’ list')).toEqual([]);
    expect(spamPhrasesIn('A winner!')).toEqual(['winner']);
  });

  it('has nothing to check on an SMS and warns a push without a title', async () => {
    expect(checkSubject(await channelFixture('sms', { sms: { text: 'Hi' } })).status).toBe('pass');
    const push = await channelFixture('pushnotification', {
      pushnotification: { title: '', body: 'New roasts' },
    });
    expect(checkSubject(push)).toMatchObject({ status: 'warn', message: 'The title is empty: write one.' });
  });
});
