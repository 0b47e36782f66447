import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authenticationDeadline } from '../src/channels/authentication-deadline.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { socketFlood, type SocketFlood } from './support/socket-flood.ts';

// 1,000 WebSockets from one address took 50 s to open and held another client's ping for 48 s. An
// address now holds at most a limit of sockets (refused with 429 past it), and an organization socket that does
// not authenticate in time is closed. Each test connects from a loopback address of its own (127.0.0.x), so
// each address's count is its own.
const LIMIT = 64;

describe('connections per address', () => {
  let herald: TestHerald;
  const clients: ChannelClient[] = [];
  let flood: SocketFlood | undefined;

  beforeAll(async () => {
    herald = await startTestHerald({ maxSocketsPerAddress: LIMIT });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await flood?.stop();
    flood = undefined;
  });
  afterAll(() => herald?.stop());

  const open = async (channel: 'session' | 'uiv5', localAddress: string) => {
    const client = await ChannelClient.open(herald.wsUrl(channel), { localAddress });
    clients.push(client);
    return client;
  };

  it('refuses the socket past the limit with 429 while the earlier ones work, and a closed one frees its place', async () => {
    const held = await Promise.all(
      Array.from({ length: LIMIT }, (_, index) => open(index % 2 ? 'uiv5' : 'session', '127.0.0.4')),
    );
    await expect(open('uiv5', '127.0.0.4')).rejects.toThrow('HTTP 429');
    await expect(open('session', '127.0.0.4')).rejects.toThrow('HTTP 429');
    for (const client of held.filter((_, index) => index % 2)) await client.call('ping');
    // Another address is not held back by this one's count.
    await (await open('uiv5', '127.0.0.5')).call('ping');

    const closing = held[0];
    closing?.close();
    await closing?.closed();
    await vi.waitFor(() => open('uiv5', '127.0.0.4'), { timeout: 2_000, interval: 20 });
    await expect(open('uiv5', '127.0.0.4')).rejects.toThrow('HTTP 429');
  });

  // The p99 figure (about 10 ms) is printed by `npm run bench flood`; a pass/fail test holds no fine timing, since
  // a loaded 2-core CI machine now and then does not schedule the server for 100 ms. What it proves is that the
  // other client is never held behind the flood, as it was for 48 s.
  it("answers another client's pings throughout while one address opens 1,000 sockets", async () => {
    const other = await open('uiv5', '127.0.0.2');
    const roundTrips: number[] = [];
    let measuring = false;
    let pinging = true;
    const pings = (async () => {
      while (pinging) {
        const sentAt = performance.now();
        const counted = measuring;
        await other.call('ping');
        if (counted) roundTrips.push(performance.now() - sentAt);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    flood = socketFlood(herald.wsUrl('uiv5'), 1_000, '127.0.0.3');
    await flood.started;
    measuring = true;
    const report = await flood.report;
    measuring = false;
    pinging = false;
    await pings;

    expect(report.opened).toBe(LIMIT);
    expect(report.refusals).toEqual({ 'HTTP 429': 1_000 - LIMIT });
    expect(roundTrips.length).toBeGreaterThan(5);
    // Unguarded, the flood held a ping for 48 s; the bound is wide enough for a loaded machine.
    expect(Math.max(...roundTrips)).toBeLessThan(10_000);
  });

  describe('authentication deadline', () => {
    const defaultDeadline = authenticationDeadline.withinMs;
    beforeAll(() => {
      authenticationDeadline.withinMs = 300;
    });
    afterAll(() => {
      authenticationDeadline.withinMs = defaultDeadline;
    });

    it('closes an organization socket that has not authenticated in time with 1008, pings or not', async () => {
      const anonymous = await open('uiv5', '127.0.0.6');
      const closed = anonymous.closed();
      await anonymous.call('ping');
      expect(await closed).toEqual({ code: 1008 });
    });

    it('keeps an authenticated organization socket and a session socket open past it', async () => {
      const organizationId = await createOrganization(herald);
      const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
      const { session, sessionId } = await signedIn(herald, user);
      const channel = await organizationConnection(herald, session, sessionId, organizationId);
      const idleSession = await open('session', '127.0.0.7');
      clients.push(session, channel);
      await new Promise((resolve) => setTimeout(resolve, 600));
      await channel.call('ping');
      await idleSession.call('getUserLoginMethod', { email: 'nobody@example.com' });
    });
  });
});
