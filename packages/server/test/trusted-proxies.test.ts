import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

const PROXY = '127.0.0.2';
const CLIENT = '203.0.113.7';

/**
 * Behind a reverse proxy every connection comes from the proxy: HERALD_TRUSTED_PROXIES lets Herald take the
 * client's address from X-Forwarded-For, from those proxies only (anyone else could send the header).
 */
describe('trusted proxies', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    herald = await startTestHerald({ trustedProxies: [PROXY] });
  });
  afterAll(() => herald?.stop());

  /** Signs in over a socket from `localAddress` that claims to forward CLIENT; answers the address recorded. */
  async function recordedAddress(localAddress: string): Promise<string | null> {
    const user = await createUser(herald);
    const client = await ChannelClient.open(herald.wsUrl('session'), {
      localAddress,
      headers: { 'x-forwarded-for': CLIENT },
    });
    try {
      await client.call('createSession', { email: user.email, password: user.password });
    } finally {
      client.close();
    }
    const entry = await herald.database.db
      .selectFrom('audit_log')
      .select('remote_address')
      .where('actor_user_id', '=', user.id)
      .where('action', '=', 'signIn.succeeded')
      .executeTakeFirstOrThrow();
    return entry.remote_address;
  }

  it('records the forwarded client address when the connection comes from a trusted proxy', async () => {
    expect(await recordedAddress(PROXY)).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await recordedAddress('127.0.0.3')).toBe('127.0.0.3');
  });

  it('reads addresses, ranges and named ranges, and refuses anything else by name', () => {
    expect(
      readConfig({ HERALD_TRUSTED_PROXIES: ' 10.0.0.1, 10.1.0.0/16 ,::1, loopback' }).trustedProxies,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
    expect(readConfig({}).trustedProxies).toEqual([]);
    expect(() => readConfig({ HERALD_TRUSTED_PROXIES: '10.0.0.1, proxy.internal' })).toThrow(
      'HERALD_TRUSTED_PROXIES: "proxy.internal" is not an address, a CIDR range, or loopback, linklocal or uniquelocal',
    );
  });
});
