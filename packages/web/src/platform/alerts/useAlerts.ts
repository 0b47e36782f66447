import { useSyncExternalStore } from 'react';
import { usePlatform } from '../platformContext.ts';
import type { AppAlert } from './alertStore.ts';

export function useAlerts(): readonly AppAlert[] {
  const { alerts } = usePlatform();
  return useSyncExternalStore(
    (listener) => alerts.subscribe(listener),
    () => alerts.getAlerts(),
  );
}
