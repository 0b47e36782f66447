import { SESSION_HEARTBEAT_MS } from '@herald/protocol';
import type { SessionStore } from '../session/sessionStore.ts';
import { channelAddress } from './channelAddress.ts';
import { ChannelClient } from './channelClient.ts';
import { errorTypeOf } from './channelError.ts';
import type { SessionCommandMap } from './commandMap.ts';
import type { Scheduler } from './scheduler.ts';
import type { WebSocketConstructor } from './webSocketLike.ts';

export type SessionChannel = ChannelClient<SessionCommandMap>;

export interface SessionChannelDependencies {
  sessionStore: SessionStore;
  /** Called when the server says the stored session is no longer valid. */
  onSessionExpired: () => void;
  page: { protocol: string; host: string };
  scheduler?: Scheduler;
  WebSocket?: WebSocketConstructor;
  fetchSessionCookie?: () => Promise<void>;
}

/** Platform §7: the session channel is opened after a cookie fetch that binds this browser to its sessions. */
export async function fetchSessionCookie(): Promise<void> {
  const response = await fetch('/session-cookie', { credentials: 'include' });
  if (!response.ok) throw new Error(`Session cookie request answered ${response.status}`);
}

/**
 * The session channel. While a session is stored it is renewed on every (re)connection, which is how a
 * session from an earlier visit is checked (platform §2 guard 2), and then every 60 s (the heartbeat).
 */
export function createSessionChannel(dependencies: SessionChannelDependencies): SessionChannel {
  const { sessionStore, onSessionExpired, page } = dependencies;
  const renewStoredSession = () => {
    const { sessionId } = sessionStore.get();
    if (!sessionId) return;
    channel.request('renewSession', { sessionId }).catch((error: unknown) => {
      // Only the server's verdict ends the session; a dropped connection is retried by the channel.
      if (errorTypeOf(error) === 'InvalidSessionError' && sessionStore.get().sessionId === sessionId) {
        onSessionExpired();
      }
    });
  };
  const channel: SessionChannel = new ChannelClient<SessionCommandMap>({
    key: 'session',
    address: () => channelAddress('/session', page),
    beforeConnect: dependencies.fetchSessionCookie ?? fetchSessionCookie,
    heartbeat: { intervalMs: SESSION_HEARTBEAT_MS, beat: renewStoredSession },
    ...(dependencies.scheduler ? { scheduler: dependencies.scheduler } : {}),
    ...(dependencies.WebSocket ? { WebSocket: dependencies.WebSocket } : {}),
  });
  channel.onStateChange(() => {
    if (channel.getState().status === 'connected') renewStoredSession();
  });
  return channel;
}
