import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestQuotas, takeRequestQuota } from '../src/sessions/request-quota.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { openSession, randomLoopbackAddress } from './support/two-factor.ts';

/**
 * Requests that need no session are counted per network: sign-ups (an account and a mailed code each) and
 * single sign-on starts (a stored state each). Each test's requests come from fresh loopback addresses, so
 * runs sharing a PostgreSQL database do not count against each other.
 */
describe('request quotas', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    requestQuotas.signUp = { ...requestQuotas.signUp, limit: 2 };
    requestQuotas.singleSignOnStart = { ...requestQuotas.singleSignOnStart, limit: 1 };
    herald = await startTestHerald();
  });
  afterAll(() => herald?.stop());

  async function signUp(address: string) {
    const client = await openSession(herald, { address });
    try {
      return await client.request('createUser', {
        email: `quota-${Math.random().toString(36).slice(2)}@example.test`,
        phone: 'n/a',
      });
    } finally {
      client.close();
    }
  }

  it('refuses sign-ups past the quota of a network, and not those of another', async () => {
    const busy = randomLoopbackAddress();
    expect((await signUp(busy)).error).toBeUndefined();
    expect((await signUp(busy)).error).toBeUndefined();
    expect((await signUp(busy)).error).toEqual({
      type: 'TooManyRequestsError',
      message: 'Too many requests from your network. Please wait a while and try again.',
    });
    expect((await signUp(randomLoopbackAddress())).error).toBeUndefined();
  });

  it('counts again from the start once the window is over', async () => {
    const address = randomLoopbackAddress();
    const quota = { name: 'windowTest', limit: 1, windowMs: 60_000 };
    const start = new Date();
    await takeRequestQuota(herald.database.db, quota, address, start);
    await expect(
      takeRequestQuota(herald.database.db, quota, address, new Date(start.getTime() + 59_000)),
    ).rejects.toMatchObject({ type: 'TooManyRequestsError' });
    await takeRequestQuota(herald.database.db, quota, address, new Date(start.getTime() + 60_000));
    // The machine's own loopback (a same-host proxy, no trusted proxy configured) is not counted.
    for (let attempt = 0; attempt < 3; attempt += 1)
      await takeRequestQuota(herald.database.db, quota, '127.0.0.1', start);
  });

  it('sends a network past its single sign-on starts back to sign-in with TooManyRequestsError', async () => {
    const address = randomLoopbackAddress();
    const start = () =>
      new Promise<string>((resolve, reject) => {
        const outgoing = request(
          `${herald.url}/sso/start?issuer=999999`,
          { localAddress: address },
          (reply) => {
            reply.resume();
            resolve(reply.headers.location ?? '');
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
    // The first start is counted and fails for its own reason (no such issuer).
    expect(new URL(await start()).searchParams.get('sso_error')).toBe('SSOError');
    expect(new URL(await start()).searchParams.get('sso_error')).toBe('TooManyRequestsError');
  });
});
