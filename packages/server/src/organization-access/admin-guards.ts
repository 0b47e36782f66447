import { HeraldError } from '@herald/protocol';
import type { CommandContext } from '../channels/registry.ts';
import { liveSession } from '../sessions/live-session.ts';

/** The administrator acting, from the command's session (authorize() has already checked the admin role). */
export function actingAdministrator(_params: { sessionId: string }, { session }: CommandContext): number {
  return liveSession(session).userId;
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
