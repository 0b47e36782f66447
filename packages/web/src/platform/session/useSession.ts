import { useSyncExternalStore } from 'react';
import { usePlatform } from '../platformContext.ts';
import type { StoredSession } from './storedSession.ts';

export function useSession(): StoredSession {
  const { sessionStore } = usePlatform();
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
