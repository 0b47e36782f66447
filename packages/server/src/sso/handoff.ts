import type { User } from '@herald/protocol';
import { loadUserProfile } from '../accounts/user-profile.ts';
import type { ConnectionState } from '../channels/connection-state.ts';
import type { Services } from '../services.ts';
import { hashSecret } from '../sessions/session-ids.ts';
import { findIssuer } from './issuers.ts';
import { SignOnError } from './sign-on-error.ts';

/**
 * completeSsoLogin: the one-time key of `/login?sso=…` becomes a session bound to this browser. The key is
 * taken in one statement that also checks the cookie and the expiry, so it works once, from the browser the
 * sign-on started in, within two minutes; the session is only created here, so no session id is ever stored.
 */
export async function completeSignOn(
  services: Services,
  key: string,
  connection: ConnectionState,
): Promise<{ sessionId: string; user: User }> {
  const now = services.sso.now();
  const keyHash = hashSecret(key);
  const handoff = connection.clientHash
    ? await services.db
        .updateTable('sso_handoff')
        .set({ used_at: now })
        .where('key_hash', '=', keyHash)
        .where('used_at', 'is', null)
        .where('client_hash', '=', connection.clientHash)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (!handoff) {
    const known = await services.db
      .selectFrom('sso_handoff')
      .select(['issuer_id', 'client_hash', 'used_at'])
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
    const mine = known && known.used_at === null && known.client_hash === connection.clientHash;
    if (!mine) throw new SignOnError('SSOBadKey', 'key_unknown', { issuerId: known?.issuer_id });
    throw new SignOnError('SSONoKey', 'key_expired', { issuerId: known.issuer_id });
  }

  const context = { issuerId: handoff.issuer_id, userId: handoff.user_id };
  // Either may have been disabled since the callback.
  const issuer = await findIssuer(services.db, handoff.organization_id, handoff.issuer_id);
  if (!issuer || issuer.disabled) throw new SignOnError('SSOError', 'issuer_disabled', context);
  const account = await services.db
    .selectFrom('user_account')
    .select('disabled')
    .where('id', '=', handoff.user_id)
    .executeTakeFirst();
  if (!account || account.disabled) throw new SignOnError('SSOError', 'user_disabled', context);

  const sessionId = await services.sessions.create(handoff.user_id, connection);
  await services.db
    .insertInto('sso_session')
    .values({
      session_id_hash: hashSecret(sessionId),
      issuer_id: handoff.issuer_id,
      organization_id: handoff.organization_id,
      logout_url: handoff.logout_url,
    })
    .execute();
  await services.db
    .updateTable('user_account')
    .set({ last_login_at: new Date() })
    .where('id', '=', handoff.user_id)
    .execute();
  await services.audit.record({
    action: 'signIn.succeeded',
    organizationId: handoff.organization_id,
    actorUserId: handoff.user_id,
    details: { issuerId: handoff.issuer_id, method: 'sso' },
    remoteAddress: connection.remoteAddress,
  });
  services.log.info(
    { userId: handoff.user_id, issuerId: handoff.issuer_id },
    'single sign-on session created',
  );
  return { sessionId, user: await loadUserProfile(services, handoff.user_id, hashSecret(sessionId)) };
}
