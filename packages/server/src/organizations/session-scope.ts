import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/**
 * The one organization a session may act in, or null when it may act in all of the user's organizations.
 * A session signed in through an organization's identity provider is that organization's: the provider
 * vouches for the person there and nowhere else, so it cannot open another organization that later granted
 * the same address access.
 */
export async function organizationScopeOf(
  db: Kysely<Database>,
  sessionIdHash: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('sso_session')
    .select('organization_id')
    .where('session_id_hash', '=', sessionIdHash)
    .executeTakeFirst();
  return row?.organization_id ?? null;
}

/** Whether a session may act in an organization. */
export async function sessionMayEnter(
  db: Kysely<Database>,
  sessionIdHash: string,
  organizationId: number,
): Promise<boolean> {
  const scope = await organizationScopeOf(db, sessionIdHash);
  return scope === null || scope === organizationId;
}
