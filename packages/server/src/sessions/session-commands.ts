import { sessionCommands } from '@herald/protocol';
import { loadUserProfile } from '../accounts/user-profile.ts';
import { registerCommand } from '../channels/registry.ts';
import { ssoLogoutUrlFor } from '../sso/sso-sessions.ts';
import { liveSession } from './live-session.ts';
import { signIn } from './sign-in.ts';

/** Signing in and keeping a session: the core of the session channel. */
export const sessionLifecycleCommands = {
  createSession: registerCommand(sessionCommands.createSession, { kind: 'public' }, signIn),

  // authorize() pushed the idle deadline forward while checking the session: that is the renewal.
  renewSession: registerCommand(
    sessionCommands.renewSession,
    { kind: 'session' },
    async (_params, { session }) => ({
      expiresAt: liveSession(session).expiresAt.toISOString(),
    }),
  ),

  terminateSession: registerCommand(
    sessionCommands.terminateSession,
    { kind: 'session' },
    async (_params, { services, session }) => {
      const { idHash } = liveSession(session);
      await services.sessions.end(idHash);
      return { logoutUrl: await ssoLogoutUrlFor(services.db, idHash) };
    },
  ),

  getUserProfile: registerCommand(
    sessionCommands.getUserProfile,
    { kind: 'session', withoutSession: 'InvalidSessionProfileError' },
    async (_params, { services, session }) => {
      const { userId, idHash } = liveSession(session);
      return loadUserProfile(services, userId, idHash);
    },
  ),
};
