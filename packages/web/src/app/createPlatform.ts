import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AlertStore } from '../platform/alerts/alertStore.ts';
import { errorTypeOf } from '../platform/channel/channelError.ts';
import { reportConnectionAlerts } from '../platform/channel/reportConnectionAlerts.ts';
import { browserScheduler } from '../platform/channel/scheduler.ts';
import { createSessionChannel } from '../platform/channel/sessionChannel.ts';
import type { RouteDefinition } from '../platform/guards/routeDefinition.ts';
import type { Platform } from '../platform/platformContext.ts';
import { SESSION_STORAGE_KEY, SessionStore } from '../platform/session/sessionStore.ts';
import type { KeyValueStorage, SessionEnding } from '../platform/session/sessionStore.ts';
import { hasValidSession } from '../platform/session/storedSession.ts';

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; the session then lasts as long as the page.
    return null;
  }
}

/** Builds the app's services once, at start-up, and wires them to each other. */
export function createPlatform(routes: readonly RouteDefinition[]): Platform {
  const scheduler = browserScheduler;
  const page = { protocol: location.protocol, host: location.host, hostname: location.hostname };
  const sessionStore = new SessionStore(browserStorage());
  const alerts = new AlertStore(scheduler);

  // Platform §2 guard 2: the server no longer knows the session, so it ends here too and the user is told;
  // the session guard then sends them to sign in with a way back.
  const expireSession = () => {
    if (!hasValidSession(sessionStore.get())) return;
    endSession('expired');
    alerts.show({ errorType: 'InvalidSessionError' });
  };
  const onCommandError = (error: unknown) => {
    if (errorTypeOf(error) === 'InvalidSessionError') expireSession();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onCommandError }),
    mutationCache: new MutationCache({ onError: onCommandError }),
    // Command errors are answers, not hiccups (a dropped connection is the channel's to retry), so
    // TanStack Query does not retry them, nor refetch just because the window regained focus.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const endSession = (ending: SessionEnding) => {
    sessionStore.signOut(ending);
    queryClient.clear();
  };

  const sessionChannel = createSessionChannel({ sessionStore, page, onSessionExpired: expireSession });
  reportConnectionAlerts('session', sessionChannel, alerts, () => hasValidSession(sessionStore.get()));
  // Another tab wrote the session: signing out there signs out here (the guards then show sign-in), and data
  // cached for a session that ended or changed hands goes with it.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    if (sessionStore.reload()) queryClient.clear();
  });

  return { scheduler, sessionStore, sessionChannel, alerts, queryClient, routes, page, endSession };
}
