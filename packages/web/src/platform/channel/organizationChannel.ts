import { ORGANIZATION_PING_MS } from '@herald/protocol';
import type { SessionStore } from '../session/sessionStore.ts';
import { channelAddress } from './channelAddress.ts';
import { ChannelClient } from './channelClient.ts';
import { catalogueError } from './channelError.ts';
import type { OrganizationCommandMap } from './commandMap.ts';
import { browserScheduler } from './scheduler.ts';
import type { Scheduler } from './scheduler.ts';
import type { SessionChannel } from './sessionChannel.ts';
import type { WebSocketConstructor } from './webSocketLike.ts';

export type OrganizationChannelClient = ChannelClient<OrganizationCommandMap>;

export interface OrganizationChannel {
  client: OrganizationChannelClient;
  /** Leaves the organization: stops the channel and its token renewal. */
  close(): void;
}

export interface OrganizationChannelDependencies {
  organizationId: number;
  sessionChannel: SessionChannel;
  sessionStore: SessionStore;
  page: { protocol: string; host: string };
  scheduler?: Scheduler;
  WebSocket?: WebSocketConstructor;
}

/** A fresh token is fetched this long before the current one expires. */
const RENEW_TOKEN_BEFORE_EXPIRY_MS = 60_000;
/** ...but never sooner than this after authenticating, so a short-lived token cannot cause a busy loop. */
const MIN_TOKEN_RENEWAL_DELAY_MS = 10_000;

/**
 * The organization channel (PROTOCOL §4). Every (re)connection authenticates with a token fetched from the
 * session channel just before, so a token is never reused after it may have expired; before it expires the
 * channel authenticates again on the same socket. A ping every 30 s keeps it alive.
 */
export function createOrganizationChannel(
  dependencies: OrganizationChannelDependencies,
): OrganizationChannel {
  const { organizationId, sessionChannel, sessionStore, page } = dependencies;
  const scheduler = dependencies.scheduler ?? browserScheduler;
  let cancelTokenRenewal: (() => void) | null = null;

  const client: OrganizationChannelClient = new ChannelClient<OrganizationCommandMap>({
    key: `organization-${organizationId}`,
    address: () => channelAddress('/uiv5', page),
    scheduler,
    ...(dependencies.WebSocket ? { WebSocket: dependencies.WebSocket } : {}),
    authenticate: async (sendNow) => {
      const { sessionId } = sessionStore.get();
      if (!sessionId) throw catalogueError('InvalidSessionError');
      const { token, organization } = await sessionChannel.request('getOrganizationToken', {
        sessionId,
        organizationId,
      });
      sessionStore.saveOrganizationToken(token, organization);
      const { expiresAt } = (await sendNow('authenticateConnection', { organizationId, jwt: token })) as {
        expiresAt: string;
      };
      cancelTokenRenewal?.();
      cancelTokenRenewal = null;
      const renewIn = Date.parse(expiresAt) - scheduler.now() - RENEW_TOKEN_BEFORE_EXPIRY_MS;
      if (!Number.isFinite(renewIn)) return;
      cancelTokenRenewal = scheduler.after(Math.max(renewIn, MIN_TOKEN_RENEWAL_DELAY_MS), () => {
        void client.reauthenticate();
      });
    },
    heartbeat: {
      intervalMs: ORGANIZATION_PING_MS,
      // A lost ping needs no handling: a dead socket closes and the channel reconnects.
      beat: () => void client.request('ping', {}).catch(() => undefined),
    },
  });

  return {
    client,
    close() {
      cancelTokenRenewal?.();
      client.stop();
    },
  };
}
