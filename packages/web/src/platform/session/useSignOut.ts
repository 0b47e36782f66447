import { usePlatform } from '../platformContext.ts';

/** How long sign-out waits for the server before ending the session here regardless. */
const TERMINATE_WAIT_MS = 3000;

/**
 * Signs out: ends the session on the server (platform §4: then the logout address, for single sign-on) and
 * here; the session guard then shows the sign-in page. An unreachable server does not keep anyone signed
 * in; the request still goes once it is back.
 */
export function useSignOut(): () => Promise<void> {
  const { sessionChannel, sessionStore, scheduler, endSession } = usePlatform();
  return async () => {
    const { sessionId } = sessionStore.get();
    let logoutUrl: string | null = null;
    if (sessionId) {
      const terminated = sessionChannel.request('terminateSession', { sessionId }).then(
        (result) => result.logoutUrl,
        () => null,
      );
      const gaveUp = new Promise<null>((resolve) => scheduler.after(TERMINATE_WAIT_MS, () => resolve(null)));
      logoutUrl = await Promise.race([terminated, gaveUp]);
    }
    endSession('signed-out');
    if (logoutUrl) window.location.assign(logoutUrl);
  };
}
