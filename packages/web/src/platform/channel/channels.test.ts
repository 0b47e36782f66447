import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORGANIZATION_PING_MS, SESSION_HEARTBEAT_MS } from '@herald/protocol';
import type { Organization, User } from '@herald/protocol';
import { WebSocket } from 'ws';
import { SessionStore } from '../session/sessionStore.ts';
import { ManualScheduler } from './manualScheduler.ts';
import { createOrganizationChannel } from './organizationChannel.ts';
import type { OrganizationChannel } from './organizationChannel.ts';
import { createSessionChannel } from './sessionChannel.ts';
import type { SessionChannel } from './sessionChannel.ts';
import { TestChannelServer, eventually } from './testServer.ts';
import type { ReceivedFrame } from './testServer.ts';
import type { WebSocketConstructor } from './webSocketLike.ts';

const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;

const organization: Organization = {
  organization_id: 7,
  organization: 'Acme',
  hostname: null,
  roles: ['Content.Edit'],
  capabilities: ['base', 'content-edit'],
  admin: false,
  partitionsets: [],
  theme: null,
  logo_uri: null,
  settings: {},
  domainsConfig: {},
};
const user: User = {
  id: 3,
  email: 'ana@example.com',
  phone: null,
  settings: {},
  otp_enabled: false,
  otp_required: false,
  sso_enabled: false,
  organizations: [organization],
};

let sessionServer: TestChannelServer;
let organizationServer: TestChannelServer;
let scheduler: ManualScheduler;
let sessionStore: SessionStore;
let sessionChannel: SessionChannel;
let organizationChannel: OrganizationChannel | null;
let expired: number;
let tokensIssued: number;

const commands = (server: TestChannelServer) => server.received.map((frame) => frame.command);

beforeEach(async () => {
  sessionServer = await TestChannelServer.start();
  organizationServer = await TestChannelServer.start();
  scheduler = new ManualScheduler();
  sessionStore = new SessionStore(null);
  expired = 0;
  tokensIssued = 0;
  organizationChannel = null;
  sessionServer.onRequest = (frame: ReceivedFrame) => {
    const reply = (result: unknown) => sessionServer.send({ requestId: frame.requestId, result });
    if (frame.command === 'renewSession') {
      if (frame.params.sessionId === 's-valid') reply({ expiresAt: '2030-01-01T00:00:00Z' });
      else
        sessionServer.send({
          requestId: frame.requestId,
          error: { type: 'InvalidSessionError', message: '…' },
        });
    }
    if (frame.command === 'getOrganizationToken') reply({ token: `jwt-${++tokensIssued}`, organization });
  };
  organizationServer.onRequest = (frame: ReceivedFrame) => {
    const result =
      frame.command === 'authenticateConnection'
        ? { organizationId: 7, expiresAt: new Date(scheduler.now() + 15 * 60_000).toISOString() }
        : { pong: 'now' };
    organizationServer.send({ requestId: frame.requestId, result });
  };
  sessionChannel = createSessionChannel({
    sessionStore,
    page: { protocol: 'http:', host: sessionServer.host },
    onSessionExpired: () => expired++,
    scheduler,
    WebSocket: NodeWebSocket,
    fetchSessionCookie: async () => undefined,
  });
});

afterEach(async () => {
  organizationChannel?.close();
  sessionChannel.stop();
  await Promise.all([sessionServer.close(), organizationServer.close()]);
});

describe('session channel', () => {
  it('renews a stored session on connecting and every 60 s', async () => {
    sessionStore.signIn('s-valid', user);
    sessionChannel.start();
    await eventually(() => commands(sessionServer).length === 1);
    scheduler.advance(SESSION_HEARTBEAT_MS);
    scheduler.advance(SESSION_HEARTBEAT_MS);
    await eventually(() => commands(sessionServer).length === 3);
    expect(commands(sessionServer)).toEqual(['renewSession', 'renewSession', 'renewSession']);
    expect(sessionServer.received[0]?.params).toEqual({ sessionId: 's-valid' });
    expect(expired).toBe(0);
  });

  it('sends no heartbeat while nobody is signed in', async () => {
    sessionChannel.start();
    await eventually(() => sessionChannel.getState().status === 'connected');
    scheduler.advance(3 * SESSION_HEARTBEAT_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionServer.received).toEqual([]);
  });

  it('reports the session expired when the server refuses to renew it', async () => {
    sessionStore.signIn('s-stale', user);
    sessionChannel.start();
    await eventually(() => expired === 1);
  });
});

describe('organization channel', () => {
  function openOrganizationChannel(): OrganizationChannel {
    sessionStore.signIn('s-valid', user);
    organizationChannel = createOrganizationChannel({
      organizationId: 7,
      sessionChannel,
      sessionStore,
      page: { protocol: 'http:', host: organizationServer.host },
      scheduler,
      WebSocket: NodeWebSocket,
    });
    organizationChannel.client.start();
    return organizationChannel;
  }

  it('authenticates with a token from the session channel and keeps it', async () => {
    const { client } = openOrganizationChannel();
    await eventually(() => client.getState().status === 'authenticated');
    expect(sessionServer.received.find((frame) => frame.command === 'getOrganizationToken')?.params).toEqual({
      sessionId: 's-valid',
      organizationId: 7,
    });
    expect(organizationServer.received[0]).toMatchObject({
      command: 'authenticateConnection',
      params: { organizationId: 7, jwt: 'jwt-1' },
    });
    expect(sessionStore.get().tokens['7']).toMatchObject({ token: 'jwt-1', name: 'Acme' });
  });

  it('pings every 30 s', async () => {
    const { client } = openOrganizationChannel();
    await eventually(() => client.getState().status === 'authenticated');
    scheduler.advance(ORGANIZATION_PING_MS);
    scheduler.advance(ORGANIZATION_PING_MS);
    await eventually(() => commands(organizationServer).length === 3);
    expect(commands(organizationServer)).toEqual(['authenticateConnection', 'ping', 'ping']);
  });

  it('authenticates again with a fresh token after a reconnection and before the token expires', async () => {
    const { client } = openOrganizationChannel();
    await eventually(() => client.getState().status === 'authenticated');
    organizationServer.dropConnections();
    await eventually(() => client.getState().status === 'retrying');
    scheduler.runNext();
    await eventually(() => commands(organizationServer).length === 2);
    expect(organizationServer.received[1]?.params.jwt).toBe('jwt-2');
    // The token lives 15 minutes; a new one is fetched a minute before it runs out.
    scheduler.advance(14 * 60_000);
    await eventually(
      () => commands(organizationServer).filter((name) => name === 'authenticateConnection').length === 3,
    );
    const authentications = organizationServer.received.filter(
      (frame) => frame.command === 'authenticateConnection',
    );
    expect(authentications.map((frame) => frame.params.jwt)).toEqual(['jwt-1', 'jwt-2', 'jwt-3']);
    await eventually(() => client.getState().status === 'authenticated');
  });
});
