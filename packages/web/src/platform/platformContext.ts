import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AlertStore } from './alerts/alertStore.ts';
import type { Scheduler } from './channel/scheduler.ts';
import type { SessionChannel } from './channel/sessionChannel.ts';
import type { RouteDefinition } from './guards/routeDefinition.ts';
import type { SessionEnding, SessionStore } from './session/sessionStore.ts';

/** The app's long-lived services, made once at start-up and handed down instead of imported as singletons. */
export interface Platform {
  scheduler: Scheduler;
  sessionStore: SessionStore;
  sessionChannel: SessionChannel;
  alerts: AlertStore;
  queryClient: QueryClient;
  routes: readonly RouteDefinition[];
  page: { protocol: string; host: string; hostname: string };
  /** Ends the session here: after sign-out, or when the server says it expired. */
  endSession(ending: SessionEnding): void;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform is used outside PlatformContext');
  return platform;
}
