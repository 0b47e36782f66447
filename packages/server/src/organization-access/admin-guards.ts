import { HeraldError } from '@herald/protocol';
import type { CommandContext } from '../channels/registry.ts';

/** The administrator acting, from the command's session (authorize() has already checked the admin role). */
export async function actingAdministrator(
  params: { sessionId: string },
  { services, connection }: CommandContext,
) {
  const session = await services.sessions.requireSession(params.sessionId, connection);
  return session.userId;
}

/** Functional §5: an administrator needs two-factor on to manage users. */
export async function requireAdministratorTwoFactor(
  userId: number,
  { services }: CommandContext,
): Promise<void> {
  const account = await services.db
    .selectFrom('user_account')
    .select('otp_enabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account?.otp_enabled) throw new HeraldError('AdminOTPRequiredError');
}
