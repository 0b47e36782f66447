import { useSyncExternalStore } from 'react';
import type { ConnectionState } from './connectionState.ts';

/** Anything with a connection state to watch: either channel. */
export interface ConnectionStateSource {
  getState(): ConnectionState;
  onStateChange(listener: () => void): () => void;
}

export function useConnectionState(source: ConnectionStateSource): ConnectionState {
  return useSyncExternalStore(
    (listener) => source.onStateChange(listener),
    () => source.getState(),
  );
}
