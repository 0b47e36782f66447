import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

// PostgreSQL refuses NUL in text and jsonb, and a lone surrogate is no character: an attack reached the database
// with both (search texts, target values, names, custom and extra values, settings, inline import rows, sign-in)
// and got ApplicationError. Each now answers ValidationError naming the field, before any command runs.
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

describe('text a database cannot store is refused at the edge', () => {
  let herald: TestHerald;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  let channel: ChannelClient;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    ({ session, sessionId } = await signedIn(herald, user));
    channel = await organizationConnection(herald, session, sessionId, organizationId);
  });
  afterAll(async () => {
    session.close();
    channel.close();
    await herald.stop();
  });

  const organizationCalls = (text: string): Array<[string, Record<string, unknown>, string]> => [
    ['query', { query: { type: 'subscriber', search: text } }, 'query.search'],
    [
      'query',
      { query: { type: 'subscriber', filter: { target: `country = "${text}"` } } },
      'query.filter.target',
    ],
    ['checkTarget', { target: { type: 'field', field: 'country', op: '=', value: text } }, 'target.value'],
    ['writeRecords', { type: 'list', data: [{ name: text }] }, 'data.0.name'],
    [
      'writeRecords',
      { type: 'campaign', data: [{ name: 'Spring', startDate: '2026-01-01', details: text }] },
      'data.0.details',
    ],
    ['updateSubscriber', { subscriberId: 1, data: { custom: { tier: text } } }, 'data.custom.tier'],
    ['updateSubscriber', { subscriberId: 1, data: { extra: { [text]: 1 } } }, `data.extra.${text}`],
    [
      'bulkWriteSubscribers',
      { sourceName: 'x', fields: ['email'], data: [[`${text}@example.com`]] },
      'data.0.0',
    ],
  ];

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('on the organization channel: %s', async (_, text) => {
    for (const [command, params, path] of organizationCalls(text)) {
      const reply = await channel.request(command, { organizationId, ...params });
      expect(reply.error?.type, command).toBe('ValidationError');
      expect(reply.error?.details?.[0]?.path, command).toBe(path);
    }
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('on the session channel: %s', async (_, text) => {
    const settings = await session.request('updateUserSettings', { sessionId, settings: { theme: text } });
    expect(settings.error?.type).toBe('ValidationError');
    expect(settings.error?.details?.[0]?.path).toBe('settings.theme');
    const signIn = await session.request('createSession', { email: `${text}@example.com`, password: text });
    expect(signIn.error?.type).toBe('ValidationError');
    expect(signIn.error?.details?.[0]?.path).toBe('email');
  });
});
