import { HeraldError, type User } from '@herald/protocol';
import { sql } from 'kysely';
import type { Services } from '../services.ts';

/** The `User` of PROTOCOL §3: the account with every organization it may enter. */
export async function loadUserProfile(services: Services, userId: number): Promise<User> {
  const account = await services.db
    .selectFrom('user_account')
    .select(['id', 'email', 'phone', 'settings', 'otp_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new HeraldError('InvalidSessionError');
  const organizations = await services.organizations.summariesFor(userId);
  return {
    id: account.id,
    email: account.email,
    phone: account.phone,
    settings: account.settings,
    otp_enabled: account.otp_enabled,
    otp_required: !account.otp_enabled && (await anyRequiresTwoFactor(services, userId)),
    sso_enabled: false,
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
