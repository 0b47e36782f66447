import { HeraldError, sessionCommands } from '@herald/protocol';
import { verifyPassword } from '../accounts/passwords.ts';
import { loadUserProfile } from '../accounts/user-profile.ts';
import { registerCommand } from '../channels/registry.ts';
import { hashSecret } from './session-ids.ts';

/** Signing in and keeping a session: the core of the session channel. */
export const sessionLifecycleCommands = {
  createSession: registerCommand(
    sessionCommands.createSession,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const account = await services.db
        .selectFrom('user_account')
        .select(['id', 'password_hash', 'disabled'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', params.email.toLowerCase()))
        .executeTakeFirst();
      // Unknown user, wrong password and disabled account answer alike and take the same argon2 time.
      const passwordMatches = await verifyPassword(account?.password_hash, params.password);
      if (!account || !passwordMatches || account.disabled) throw new HeraldError('InvalidPasswordError');
      const sessionId = await services.sessions.create(account.id, connection);
      await services.db
        .updateTable('user_account')
        .set({ last_login_at: new Date() })
        .where('id', '=', account.id)
        .execute();
      services.log.info({ userId: account.id }, 'session created');
      return { sessionId, user: await loadUserProfile(services, account.id) };
    },
  ),

  renewSession: registerCommand(
    sessionCommands.renewSession,
    { kind: 'session' },
    async (params, { services }) => {
      const expiresAt = await services.sessions.renew(hashSecret(params.sessionId));
      return { expiresAt: expiresAt.toISOString() };
    },
  ),

  terminateSession: registerCommand(
    sessionCommands.terminateSession,
    { kind: 'session' },
    async (params, { services }) => {
      await services.sessions.end(hashSecret(params.sessionId));
      return { logoutUrl: null };
    },
  ),

  getUserProfile: registerCommand(
    sessionCommands.getUserProfile,
    { kind: 'session' },
    async (params, { services, connection }) => {
      const session = await services.sessions.requireSession(params.sessionId, connection);
      return loadUserProfile(services, session.userId);
    },
  ),
};
