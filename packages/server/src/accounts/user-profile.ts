import { HeraldError, type User } from '@herald/protocol';
import { sql } from 'kysely';
import type { Services } from '../services.ts';
import { organizationScopeOf } from '../organizations/session-scope.ts';
import { ssoEnabledFor } from '../sso/sso-sessions.ts';

/**
 * The `User` of PROTOCOL §3: the account with every organization it may enter — through this session, when
 * one is named (a single sign-on session is limited to its issuer's organization).
 */
export async function loadUserProfile(
  services: Services,
  userId: number,
  sessionIdHash?: string,
): Promise<User> {
  const account = await services.db
    .selectFrom('user_account')
    .select(['id', 'email', 'phone', 'settings', 'otp_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new HeraldError('InvalidSessionError');
  const scope = sessionIdHash ? await organizationScopeOf(services.db, sessionIdHash) : null;
  const organizations = (await services.organizations.summariesFor(userId)).filter(
    (organization) => scope === null || organization.organization_id === scope,
  );
  return {
    id: account.id,
    email: account.email,
    phone: account.phone,
    settings: account.settings,
    otp_enabled: account.otp_enabled,
    otp_required: !account.otp_enabled && (await anyRequiresTwoFactor(services, userId)),
    sso_enabled: await ssoEnabledFor(services.db, userId),
    organizations,
  };
}

/** Whether any organization the user may enter has "require two-factor for all users" on. */
async function anyRequiresTwoFactor(services: Services, userId: number): Promise<boolean> {
  const row = await services.db
    .selectFrom('organization_access')
    .innerJoin('organization', 'organization.id', 'organization_access.organization_id')
    .select('organization.id')
    .where('organization_access.user_id', '=', userId)
    .where(sql<boolean>`(organization.settings -> 'security' ->> 'requireTwoFactor') = 'true'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
