import { HeraldError, type CommandParams, type CommandResult, type SessionCommands } from '@herald/protocol';
import type { Kysely } from 'kysely';
import { assertAcceptablePassword } from '../accounts/password-policy.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { loadUserProfile } from '../accounts/user-profile.ts';
import type { CommandContext } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import { acceptSecondFactor } from '../two-factor/second-factor.ts';
import { clearSecondFactorGrant, grantSecondFactor, hasSecondFactorGrant } from './second-factor-grants.ts';
import { isLocalProxyAddress, throttleKeys, type ThrottleKey } from './sign-in-throttle.ts';

/** A browser counts as known to an account when it signed in to it within this time. */
const KNOWN_BROWSER_MS = 30 * 86_400_000;

type CreateSessionParams = CommandParams<SessionCommands, 'createSession'>;
type CreateSessionResult = CommandResult<SessionCommands, 'createSession'>;

/**
 * createSession, step by step (PROTOCOL §3, platform §4 login flow): throttle, password, second factor when
 * two-factor is on, a new password when one is required, then the session. Each step that fails answers its
 * catalogue error; wrong passwords and wrong codes count against the throttle, steps that merely ask for more
 * do not.
 */
export async function signIn(
  params: CreateSessionParams,
  { services, connection }: CommandContext,
): Promise<CreateSessionResult> {
  const email = params.email.toLowerCase();
  const remoteAddress = connection.remoteAddress;
  const account = await services.db
    .selectFrom('user_account')
    .select(['id', 'password_hash', 'disabled', 'otp_enabled', 'must_change_password'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();

  const keys = await throttleKeysFor(services.db, email, account?.id, connection);
  return services.signInThrottle.guard(keys, async (attempt) => {
    const fail = async (reason: 'password' | 'otpCode', error: HeraldError): Promise<never> => {
      await attempt.failed(reason === 'otpCode' ? 'secondFactor' : 'password');
      await services.audit.record({
        action: 'signIn.failed',
        actorUserId: account?.id ?? null,
        details: { email, reason },
        remoteAddress,
      });
      throw error;
    };

    // While the account's counter waits out a delay (someone is guessing at it), only an attempt that proves
    // more than a password gets through: the password and a second factor in one call. Every other outcome
    // answers as the throttle would, so the guesser learns nothing; the owner without two-factor resets their
    // password by mailed code, which makes their browser trusted (trustBrowser).
    const refusal = (error: HeraldError) =>
      attempt.needsProof ? new HeraldError('TooManyAttemptsError') : error;
    // Without a second factor to prove, nothing can pass: refused at once, as the throttle would, counting nothing.
    if (attempt.needsProof && (!account?.otp_enabled || params.otpCode === undefined))
      throw new HeraldError('TooManyAttemptsError');

    // Unknown user, wrong password and disabled account answer alike and take the same argon2 time.
    const passwordMatches = await verifyPassword(account?.password_hash, params.password);
    if (!account || !passwordMatches || account.disabled)
      return fail('password', refusal(new HeraldError('InvalidPasswordError')));

    const now = new Date();
    if (account.otp_enabled && (attempt.needsProof || !hasSecondFactorGrant(connection, account.id, now))) {
      if (params.otpCode === undefined) throw new HeraldError('MissingOTPCodeRecoveryError');
      const proof = await acceptSecondFactor(services.db, account.id, params.otpCode, now);
      if (proof === 'wrongCode')
        return fail('otpCode', refusal(new HeraldError('InvalidOTPCodeRecoveryError')));
      if (proof === 'codeAlreadyUsed') return fail('otpCode', refusal(new HeraldError('OTPCodeUsedError')));
      if (proof === 'recoveryCode')
        await services.audit.record({
          action: 'twoFactor.recoveryCodeUsed',
          actorUserId: account.id,
          remoteAddress,
        });
      // The code is used up; if a new password is asked for next, the call that brings it needs no code.
      grantSecondFactor(connection, account.id, now);
    }

    if (account.must_change_password) {
      if (params.newPassword === undefined) return { newPasswordRequired: true as const };
      assertAcceptablePassword(params.newPassword);
      await services.db
        .updateTable('user_account')
        .set({ password_hash: await hashPassword(params.newPassword), must_change_password: false })
        .where('id', '=', account.id)
        .execute();
      await services.sessions.endAllForUser(account.id);
      await services.audit.record({ action: 'password.changed', actorUserId: account.id, remoteAddress });
    }

    clearSecondFactorGrant(connection);
    const sessionId = await services.sessions.create(account.id, connection);
    await attempt.succeeded();
    await services.db
      .updateTable('user_account')
      .set({ last_login_at: new Date() })
      .where('id', '=', account.id)
      .execute();
    await services.audit.record({
      action: 'signIn.succeeded',
      actorUserId: account.id,
      details: { email },
      remoteAddress,
    });
    services.log.info({ userId: account.id }, 'session created');
    return { sessionId, user: await loadUserProfile(services, account.id) };
  });
}

/**
 * What this attempt counts against. A browser that has signed in to the account before, or whose person reset
 * the account's password by mailed code (trusted_browser), counts against its own counter only: whoever guesses at the account from elsewhere cannot lock its owner out of their browser
 * (OWASP's device cookies). Any other attempt counts against the account and the address (unless that is a
 * local reverse proxy's, see isLocalProxyAddress). The browser lookup runs for unknown e-mail addresses too,
 * so it takes the same time whether the account exists or not.
 */
async function throttleKeysFor(
  db: Kysely<Database>,
  email: string,
  userId: number | undefined,
  connection: CommandContext['connection'],
): Promise<ThrottleKey[]> {
  const clientHash = connection.clientHash;
  if (clientHash !== null) {
    const since = new Date(Date.now() - KNOWN_BROWSER_MS);
    const known = await db
      .selectFrom('user_session')
      .select('user_id')
      .where('user_id', '=', userId ?? 0)
      .where('client_hash', '=', clientHash)
      .where('created_at', '>', since)
      .union(
        db
          .selectFrom('trusted_browser')
          .select('user_id')
          .where('user_id', '=', userId ?? 0)
          .where('client_hash', '=', clientHash)
          .where('trusted_at', '>', since),
      )
      .limit(1)
      .executeTakeFirst();
    if (known && userId !== undefined)
      return [throttleKeys.knownBrowser(userId, clientHash), ...twoFactorKey(userId)];
  }
  const account = [throttleKeys.account(email), ...twoFactorKey(userId)];
  if (isLocalProxyAddress(connection.remoteAddress)) return account;
  return [...account, throttleKeys.address(connection.remoteAddress)];
}

/** The counter of wrong two-factor codes, for an account that exists (codes count there wherever offered). */
function twoFactorKey(userId: number | undefined): ThrottleKey[] {
  return userId === undefined ? [] : [throttleKeys.twoFactor(userId)];
}

/**
 * Marks the browser of a connection as known to an account for throttling: its person has just proved they own
 * the account's mailbox (a password reset by mailed code). The account's counter is forgotten too, so the owner
 * signs in at once, whoever keeps guessing elsewhere.
 */
export async function trustBrowser(
  db: Kysely<Database>,
  account: { id: number; email: string },
  clientHash: string | null,
): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', throttleKeys.account(account.email).id).execute();
  if (clientHash === null) return;
  await db
    .insertInto('trusted_browser')
    .values({ user_id: account.id, client_hash: clientHash, trusted_at: new Date() })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'client_hash']).doUpdateSet({ trusted_at: new Date() }),
    )
    .execute();
}
