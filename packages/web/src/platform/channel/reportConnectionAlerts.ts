import type { AlertStore } from '../alerts/alertStore.ts';
import type { ChannelClient } from './channelClient.ts';
import type { CommandMap } from './commandMap.ts';
import { connectionAlertChange } from './connectionAlerts.ts';
import type { ChannelKind } from './connectionAlerts.ts';

/** Keeps the app-level alerts in step with a channel's connection state; returns the unsubscribe. */
export function reportConnectionAlerts<Commands extends CommandMap>(
  channel: ChannelKind,
  client: ChannelClient<Commands>,
  alerts: AlertStore,
  signedIn: () => boolean,
): () => void {
  let previous = client.getState();
  return client.onStateChange(() => {
    const next = client.getState();
    const change = connectionAlertChange(channel, previous, next, signedIn());
    previous = next;
    change.dismiss?.forEach((key) => alerts.dismiss(key));
    if (change.show) alerts.show(change.show);
  });
}
