import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/**
 * The issuer's logout address for a session signed in through single sign-on, or null for any other
 * session: what terminateSession answers as `logoutUrl`.
 */
export async function ssoLogoutUrlFor(db: Kysely<Database>, sessionIdHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('sso_session')
    .select('logout_url')
    .where('session_id_hash', '=', sessionIdHash)
    .executeTakeFirst();
  return row?.logout_url ?? null;
}

/** Whether the user signs in through an enabled identity provider: the User's `sso_enabled`. */
export async function ssoEnabledFor(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sso_identity')
    .innerJoin('sso_issuer', 'sso_issuer.id', 'sso_identity.issuer_id')
    .select('sso_identity.issuer_id')
    .where('sso_identity.user_id', '=', userId)
    .where('sso_issuer.disabled', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every live session signed in through an issuer; answers whose, so open connections can be told. */
export async function endIssuerSessions(
  db: Kysely<Database>,
  organizationId: number,
  issuerId: number,
  now: Date,
): Promise<number[]> {
  const ended = await db
    .updateTable('user_session')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where('id_hash', 'in', (eb) =>
      eb
        .selectFrom('sso_session')
        .select('session_id_hash')
        .where('organization_id', '=', organizationId)
        .where('issuer_id', '=', issuerId),
    )
    .returning('user_id')
    .execute();
  return [...new Set(ended.map((row) => row.user_id))];
}
