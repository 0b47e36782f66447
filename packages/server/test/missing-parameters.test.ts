import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/** Platform §5 and §8: a missing parameter answers MissingParameterError; a missing session its own errors. */
describe('missing parameters and missing sessions', () => {
  let herald: TestHerald;
  let organizationId: number;
  let session: ChannelClient;
  let sessionId: string;
  let organization: ChannelClient;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    ({ session, sessionId } = await signedIn(herald, user));
    organization = await organizationConnection(herald, session, sessionId, organizationId);
  });
  afterAll(async () => {
    organization?.close();
    session?.close();
    await herald?.stop();
  });

  it.each([
    ['updateListStats', 'listId', { organizationId: 0 }],
    ['anonymizeSubscriber', 'subscriberId', { organizationId: 0 }],
  ])('answers %s without %s with MissingParameterError naming it', async (command, missing, params) => {
    const reply = await organization.request(command, { ...params, organizationId });
    expect(reply.error).toEqual({
      type: 'MissingParameterError',
      message: 'Application Error',
      details: [{ path: missing, message: expect.any(String) }],
    });
  });

  it('answers a parameter that is present but wrong with ValidationError, as before', async () => {
    const reply = await organization.request('updateListStats', { organizationId, listId: 'seven' });
    expect(reply.error?.type).toBe('ValidationError');
    expect(reply.error?.details?.[0]?.path).toBe('listId');
  });

  it('answers a profile fetch without a session with "Invalid session."', async () => {
    const anonymous = await ChannelClient.open(herald.wsUrl('session'));
    try {
      expect((await anonymous.request('getUserProfile', {})).error).toEqual({
        type: 'InvalidSessionProfileError',
        message: 'Invalid session.',
      });
      // An expired or unknown session is still the session-expired error the app signs out on.
      expect((await anonymous.request('getUserProfile', { sessionId: 'x'.repeat(43) })).error?.type).toBe(
        'InvalidSessionError',
      );
      // Other session commands without a session answer InvalidSessionError, not a missing parameter.
      expect((await anonymous.request('renewSession', {})).error?.type).toBe('InvalidSessionError');
    } finally {
      anonymous.close();
    }
  });
});
