/** Platform §4 connection states. `connected` is the socket open; `authenticated` is ready for commands that
 * need the connection's identity (the organization channel after authenticateConnection). */
export const CONNECTION_STATUSES = [
  'not-connected',
  'connected',
  'authenticated',
  'retrying',
  'closed',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface ConnectionState {
  status: ConnectionStatus;
  /** Reconnection attempts that failed since the last successful connection. */
  failedRetries: number;
  /** True once failures reached the point where the user is told the connection is offline. */
  offlineNotified: boolean;
  /** True while the channel has never been opened since it was started (the server was never reached). */
  neverConnected: boolean;
}

export const initialConnectionState: ConnectionState = {
  status: 'not-connected',
  failedRetries: 0,
  offlineNotified: false,
  neverConnected: true,
};
