import { HeraldError, type User } from '@herald/protocol';
import type { Services } from '../services.ts';

/** The `User` of PROTOCOL §3: the account with every organization it may enter. */
export async function loadUserProfile(services: Services, userId: number): Promise<User> {
  const account = await services.db
    .selectFrom('user_account')
    .select(['id', 'email', 'phone', 'settings', 'otp_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new HeraldError('InvalidSessionError');
  return {
    id: account.id,
    email: account.email,
    phone: account.phone,
    settings: account.settings,
    otp_enabled: account.otp_enabled,
    sso_enabled: false,
    organizations: await services.organizations.summariesFor(userId),
  };
}
