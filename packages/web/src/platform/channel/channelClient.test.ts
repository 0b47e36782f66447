import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ChannelClient } from './channelClient.ts';
import type { ChannelOptions } from './channelClient.ts';
import { ChannelError } from './channelError.ts';
import { ManualScheduler } from './manualScheduler.ts';
import { TestChannelServer, eventually, unreachableAddress } from './testServer.ts';
import type { WebSocketConstructor } from './webSocketLike.ts';

// Node 20 has no global WebSocket; the `ws` class has the same surface as the browser's.
const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;

let server: TestChannelServer;
let scheduler: ManualScheduler;
const clients: ChannelClient[] = [];

function openClient(options: Partial<ChannelOptions> = {}): ChannelClient {
  const client = new ChannelClient({
    address: () => server.address,
    WebSocket: NodeWebSocket,
    scheduler,
    ...options,
  });
  clients.push(client);
  return client;
}

beforeEach(async () => {
  server = await TestChannelServer.start();
  scheduler = new ManualScheduler();
});

afterEach(async () => {
  clients.splice(0).forEach((client) => client.stop());
  await server.close();
});

describe('ChannelClient requests', () => {
  it('sends the envelope and matches replies that come back out of order', async () => {
    const client = openClient();
    const first = client.request('getUserProfile', { sessionId: 's-1' });
    const second = client.request('renewSession', { sessionId: 's-1' });
    await eventually(() => server.received.length === 2);
    const [profileRequest, renewRequest] = server.received;
    expect(profileRequest).toEqual({
      command: 'getUserProfile',
      requestId: expect.any(String),
      params: { sessionId: 's-1' },
    });
    expect(renewRequest?.requestId).not.toBe(profileRequest?.requestId);
    server.send({ requestId: renewRequest?.requestId, result: { expiresAt: '2030-01-01T00:00:00Z' } });
    server.send({ requestId: profileRequest?.requestId, result: { id: 3 } });
    await expect(second).resolves.toEqual({ expiresAt: '2030-01-01T00:00:00Z' });
    await expect(first).resolves.toEqual({ id: 3 });
    expect(client.getState().status).toBe('connected');
  });

  it('rejects with the type and message of an error reply', async () => {
    const client = openClient();
    server.onRequest = (frame) =>
      server.send({
        requestId: frame.requestId,
        error: { type: 'InvalidPasswordError', message: 'Invalid email address or password' },
      });
    const failure = await client.request('createSession', { email: 'a@b.c', password: 'x' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ChannelError);
    expect(failure).toMatchObject({
      type: 'InvalidPasswordError',
      message: 'Invalid email address or password',
    });
  });

  it('ignores replies it cannot place and frames that are not JSON', async () => {
    const client = openClient();
    const answered = client.request('ping', {});
    await eventually(() => server.received.length === 1);
    server.latestSocket.send('not json');
    server.send({ requestId: null, error: { type: 'MalformedMessage', message: '…' } });
    server.send({ requestId: 'r-999', result: {} });
    server.send({ requestId: server.received[0]?.requestId, result: { pong: 'now' } });
    await expect(answered).resolves.toEqual({ pong: 'now' });
  });

  it('delivers pushes to listeners until they unsubscribe', async () => {
    const client = openClient();
    const pushes: unknown[] = [];
    const unsubscribe = client.onPush((push) => pushes.push(push));
    client.start();
    await eventually(() => server.sockets.length === 1);
    const push = { event: 'records', organizationId: 7, data: { type: 'campaign', records: [{ id: 12 }] } };
    server.send(push);
    await eventually(() => pushes.length === 1);
    expect(pushes[0]).toEqual(push);
    unsubscribe();
    server.send(push);
    const marker = client.request('ping', {});
    await eventually(() => server.received.length === 1);
    server.send({ requestId: server.received[0]?.requestId, result: {} });
    await marker;
    expect(pushes).toHaveLength(1);
  });

  it('fetches the session cookie before every connection attempt', async () => {
    const order: string[] = [];
    server.onRequest = (frame) => order.push(`request ${frame.command}`);
    const client = openClient({
      beforeConnect: async () => {
        order.push('cookie');
      },
    });
    // Never answered; stop() in afterEach fails it.
    client.request('getUserLoginMethod', { email: 'a@b.c' }).catch(() => undefined);
    await eventually(() => order.length === 2);
    expect(order).toEqual(['cookie', 'request getUserLoginMethod']);
  });
});

describe('ChannelClient authentication', () => {
  function authenticatingClient() {
    server.onRequest = (frame, socket) => {
      if (frame.command === 'authenticateConnection') {
        server.send(
          { requestId: frame.requestId, result: { organizationId: 7, expiresAt: 'later' } },
          socket,
        );
      } else {
        server.send({ requestId: frame.requestId, result: { command: frame.command } }, socket);
      }
    };
    let tokens = 0;
    const client = openClient({
      authenticate: async (sendNow) => {
        tokens += 1;
        await sendNow('authenticateConnection', { organizationId: 7, jwt: `token-${tokens}` });
      },
    });
    return client;
  }

  it('authenticates before any queued command goes out', async () => {
    const client = authenticatingClient();
    await expect(client.request('query', { organizationId: 7 })).resolves.toEqual({ command: 'query' });
    expect(server.received.map((frame) => frame.command)).toEqual(['authenticateConnection', 'query']);
    expect(client.getState().status).toBe('authenticated');
  });

  it('authenticates again with a fresh token after reconnecting', async () => {
    const client = authenticatingClient();
    await client.request('query', { organizationId: 7 });
    server.dropConnections();
    await eventually(() => client.getState().status === 'retrying');
    const waiting = client.request('query', { organizationId: 7 });
    scheduler.runNext();
    await expect(waiting).resolves.toEqual({ command: 'query' });
    expect(server.received.map((frame) => [frame.command, frame.params.jwt])).toEqual([
      ['authenticateConnection', 'token-1'],
      ['query', undefined],
      ['authenticateConnection', 'token-2'],
      ['query', undefined],
    ]);
    expect(client.getState()).toMatchObject({ status: 'authenticated', failedRetries: 0 });
  });

  it('fails waiting commands with the authentication error and tells listeners', async () => {
    server.onRequest = (frame) =>
      server.send({
        requestId: frame.requestId,
        error: {
          type: 'OrgAuthenticationError',
          message: 'You are not authorized to access this organization.',
        },
      });
    const client = openClient({
      authenticate: async (sendNow) => void (await sendNow('authenticateConnection', { jwt: 'bad' })),
    });
    const failures: string[] = [];
    client.onAuthenticationFailed((error) => failures.push(error.type));
    await expect(client.request('query', {})).rejects.toMatchObject({ type: 'OrgAuthenticationError' });
    await expect(client.request('query', {})).rejects.toMatchObject({ type: 'OrgAuthenticationError' });
    expect(failures).toEqual(['OrgAuthenticationError']);
    expect(server.received.map((frame) => frame.command)).toEqual(['authenticateConnection']);
  });
});

describe('ChannelClient heartbeat', () => {
  it('beats on the interval only while connected', async () => {
    let beats = 0;
    const client = openClient({ heartbeat: { intervalMs: 30_000, beat: () => beats++ } });
    scheduler.advance(60_000);
    expect(beats).toBe(0);
    client.start();
    await eventually(() => client.getState().status === 'connected');
    scheduler.advance(30_000);
    scheduler.advance(30_000);
    expect(beats).toBe(2);
    server.dropConnections();
    await eventually(() => client.getState().status === 'retrying');
    scheduler.advance(30_000);
    expect(beats).toBe(2);
  });
});

describe('ChannelClient reconnection', () => {
  it('fails the commands on a dropped socket and keeps the unsent ones for the reconnection', async () => {
    const client = openClient();
    const inFlight = client.request('getUserProfile', { sessionId: 's' });
    await eventually(() => server.received.length === 1);
    server.dropConnections();
    await expect(inFlight).rejects.toMatchObject({ type: 'WSConnectionError' });
    expect(client.getState()).toMatchObject({ status: 'retrying', failedRetries: 0 });
    const queued = client.request('getUserProfile', { sessionId: 's' });
    server.onRequest = (frame) => server.send({ requestId: frame.requestId, result: { id: 3 } });
    expect(scheduler.requestedDelays).toEqual([1000]);
    scheduler.runNext();
    await expect(queued).resolves.toEqual({ id: 3 });
    expect(client.getState()).toMatchObject({ status: 'connected', failedRetries: 0, neverConnected: false });
  });

  it('waits round((2^n - 1)/2) s before retry n, notifies from the 3rd failed retry and gives up at the 8th', async () => {
    const address = await unreachableAddress();
    const client = openClient({ address: () => address });
    // Caught at once: the rejection comes while the loop below is still awaiting.
    const waiting = client.request('getUserProfile', { sessionId: 's' }).catch((error: unknown) => error);
    const states: Array<[number, boolean, string]> = [];
    client.onStateChange(() => {
      const state = client.getState();
      states.push([state.failedRetries, state.offlineNotified, state.status]);
    });
    await eventually(() => scheduler.requestedDelays.length === 1);
    expect(client.getState()).toMatchObject({ status: 'retrying', failedRetries: 0, neverConnected: true });
    for (let retry = 1; retry <= 8; retry++) {
      scheduler.runNext();
      await eventually(() => client.getState().failedRetries === retry);
    }
    expect(scheduler.requestedDelays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000]);
    expect(states).toEqual([
      [0, false, 'retrying'],
      [1, false, 'retrying'],
      [2, false, 'retrying'],
      [3, true, 'retrying'],
      [4, true, 'retrying'],
      [5, true, 'retrying'],
      [6, true, 'retrying'],
      [7, true, 'retrying'],
      [8, true, 'closed'],
    ]);
    expect(await waiting).toMatchObject({ type: 'WSConnectionClosedError' });
    await expect(client.request('ping', {})).rejects.toMatchObject({ type: 'WSConnectionClosedError' });
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('starts counting again after a connection succeeds', async () => {
    const cookieFailures = { remaining: 2 };
    const flaky = openClient({
      beforeConnect: async () => {
        if (cookieFailures.remaining-- > 0) throw new Error('offline');
      },
    });
    flaky.start();
    await eventually(() => flaky.getState().status === 'retrying');
    scheduler.runNext();
    await eventually(() => flaky.getState().failedRetries === 1);
    scheduler.runNext();
    await eventually(() => flaky.getState().status === 'connected');
    expect(flaky.getState()).toMatchObject({ failedRetries: 0, offlineNotified: false });
  });

  it('stop() fails waiting commands without scheduling a retry', async () => {
    const client = openClient({ address: () => 'ws://127.0.0.1:1/nowhere' });
    const waiting = client.request('ping', {});
    client.stop();
    await expect(waiting).rejects.toMatchObject({ type: 'WSConnectionClosedError' });
    expect(client.getState().status).toBe('not-connected');
  });
});
