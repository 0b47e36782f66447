import type { WebSocket } from 'ws';
import type { ConnectionState } from './connection-state.ts';

/**
 * How long an organization-channel socket may stay open without authenticating. The web app authenticates the
 * moment its socket opens; a socket still anonymous after this long is someone holding a place, not a user.
 * The session channel has no such deadline: its sign-in page may rightly sit idle for as long as it is open.
 * An object so tests can shorten it.
 */
export const authenticationDeadline = { withinMs: 30_000 };

/** WebSocket close code 1008 (policy violation): the client broke a rule, so it should not simply retry at once. */
export const UNAUTHENTICATED_CLOSE_CODE = 1008;

/**
 * Closes `socket` unless its connection has authenticated by the deadline. One
 * timer per socket, cleared when it closes, and nothing else is done for it until then.
 */
export function closeUnlessAuthenticated(socket: WebSocket, connection: ConnectionState): void {
  const timer = setTimeout(() => {
    if (connection.organization === undefined)
      socket.close(UNAUTHENTICATED_CLOSE_CODE, 'authenticateConnection not sent in time');
  }, authenticationDeadline.withinMs);
  // The timer must not keep a closing server alive.
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
