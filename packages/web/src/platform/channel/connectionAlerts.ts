import type { AlertInput } from '../alerts/alertStore.ts';
import type { ConnectionState } from './connectionState.ts';

export type ChannelKind = 'session' | 'organization';

export interface ConnectionAlertChange {
  show?: AlertInput;
  /** Keys of alerts that no longer hold (the connection came back). */
  dismiss?: string[];
}

// Offline and closed read the same whichever channel hit them, so both channels share one alert of each.
const OFFLINE_KEY = 'connection-offline';
const CLOSED_KEY = 'connection-closed';
const UNREACHABLE_KEY = 'connection-session-unreachable';

/**
 * Which alert a change of connection state calls for (platform §4, §7, §8): offline from the third failed
 * retry, closed with a Reload action when the channel gives up, and for the session channel with nobody
 * signed in, the "cannot reach the product, ask your IT" message as soon as it fails.
 */
export function connectionAlertChange(
  channel: ChannelKind,
  previous: ConnectionState,
  next: ConnectionState,
  signedIn: boolean,
): ConnectionAlertChange {
  if (next.status === 'closed' && previous.status !== 'closed') {
    return {
      dismiss: [OFFLINE_KEY, UNREACHABLE_KEY],
      show: { key: CLOSED_KEY, errorType: 'WSConnectionClosedError', action: { kind: 'reload' } },
    };
  }
  if (next.status === 'connected' || next.status === 'authenticated') {
    return previous.status === 'retrying' ? { dismiss: [OFFLINE_KEY, UNREACHABLE_KEY] } : {};
  }
  if (next.status !== 'retrying') return {};
  if (channel === 'session' && !signedIn && previous.status !== 'retrying') {
    return {
      show: { key: UNREACHABLE_KEY, errorType: 'WSSessionConnectionError', action: { kind: 'reload' } },
    };
  }
  if (next.offlineNotified && !previous.offlineNotified) {
    // Each channel says which server is offline; they share one alert, which either replaces.
    const errorType = channel === 'session' ? 'WSSessionConnectionRetryError' : 'WSConnectionRetryError';
    return { show: { key: OFFLINE_KEY, errorType } };
  }
  return {};
}
