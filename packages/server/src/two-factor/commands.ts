import { timingSafeEqual } from 'node:crypto';
import { HeraldError, sessionCommands } from '@herald/protocol';
import type { ConnectionState } from '../channels/connection-state.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import type { Services } from '../services.ts';
import type { LiveSession } from '../sessions/session-service.ts';
import { throttleKeys } from '../sessions/sign-in-throttle.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { acceptSecondFactor } from './second-factor.ts';
import { matchingTimeStep, newTotpSecret, otpauthUrl } from './totp.ts';
import { openSecret, sealSecret } from '../vault/secret-box.ts';

/**
 * Two-factor set-up and removal (functional §4: disabled → activation in progress → enabled).
 *
 * These commands are registered as `public` and check the session themselves: platform §8 gives two-factor
 * requests without a valid session their own message, "Session invalid. Unable to process 2FA request."
 * (SessionInvalidOTPError), where the dispatcher's session check would answer InvalidSessionError.
 */
export const twoFactorSessionCommands: CommandRegistry = {
  generateOTP: registerCommand(
    sessionCommands.generateOTP,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const session = await requireTwoFactorSession(services, params.sessionId, connection);
      const account = await accountOf(services, session.userId);
      if (account.otp_enabled) throw new HeraldError('EnableOTPError');
      const otpSecret = newTotpSecret();
      const sealed = sealSecret(otpSecret);
      await services.db
        .insertInto('two_factor_pending')
        .values({ session_id_hash: session.idHash, user_id: session.userId, secret: sealed })
        .onConflict((conflict) =>
          conflict.column('session_id_hash').doUpdateSet({ secret: sealed, created_at: new Date() }),
        )
        .execute();
      return { otpSecret, otpauthUrl: otpauthUrl(otpSecret, account.email) };
    },
  ),

  validateOTP: registerCommand(
    sessionCommands.validateOTP,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const session = await requireTwoFactorSession(services, params.sessionId, connection);
      const secret = await pendingSecret(services, session, params.otpSecret);
      if (secret === undefined) throw new HeraldError('VerifyOTPError');
      // A check during set-up, not a sign-in: the code is not used up, so enableOTP may take the same one.
      if ((await matchingTimeStep(secret, params.otpCode)) === undefined)
        throw new HeraldError('InvalidOTPError');
      return { valid: true as const };
    },
  ),

  enableOTP: registerCommand(
    sessionCommands.enableOTP,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const session = await requireTwoFactorSession(services, params.sessionId, connection);
      const secret = await pendingSecret(services, session, params.otpSecret);
      if (secret === undefined) throw new HeraldError('EnableOTPError');
      const step = await matchingTimeStep(secret, params.otpCode);
      if (step === undefined) throw new HeraldError('IncorrectCodeError');
      const recoveryCodes = newRecoveryCodes();
      await services.db.transaction().execute(async (transaction) => {
        const account = await transaction
          .selectFrom('user_account')
          .select(['otp_enabled'])
          .where('id', '=', session.userId)
          .forUpdate()
          .executeTakeFirst();
        if (!account || account.otp_enabled) throw new HeraldError('EnableOTPError');
        await transaction.deleteFrom('user_two_factor').where('user_id', '=', session.userId).execute();
        // The code that turned it on counts as used: it cannot sign in afterwards.
        await transaction
          .insertInto('user_two_factor')
          .values({ user_id: session.userId, secret: sealSecret(secret), last_used_step: step })
          .execute();
        await transaction
          .deleteFrom('two_factor_recovery_code')
          .where('user_id', '=', session.userId)
          .execute();
        await transaction
          .insertInto('two_factor_recovery_code')
          .values(
            recoveryCodes.map((code) => ({ user_id: session.userId, code_hash: hashRecoveryCode(code) })),
          )
          .execute();
        await transaction
          .updateTable('user_account')
          .set({ otp_enabled: true })
          .where('id', '=', session.userId)
          .execute();
        await transaction.deleteFrom('two_factor_pending').where('user_id', '=', session.userId).execute();
        await services.audit.record(
          {
            action: 'twoFactor.enabled',
            actorUserId: session.userId,
            remoteAddress: connection.remoteAddress,
          },
          transaction,
        );
      });
      return { recoveryCodes };
    },
  ),

  disableOTP: registerCommand(
    sessionCommands.disableOTP,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const session = await requireTwoFactorSession(services, params.sessionId, connection);
      const account = await accountOf(services, session.userId);
      if (!account.otp_enabled) return {};
      // A stolen session must not be able to guess its way to turning the second factor off.
      await services.signInThrottle.guard([throttleKeys.twoFactor(session.userId)], async (attempt) => {
        const proof = await acceptSecondFactor(services.db, session.userId, params.otpCode);
        if (proof === 'wrongCode' || proof === 'codeAlreadyUsed') {
          await attempt.failed('secondFactor');
          throw new HeraldError(proof === 'wrongCode' ? 'IncorrectCodeError' : 'OTPCodeUsedError');
        }
        await services.db.transaction().execute(async (transaction) => {
          await transaction.deleteFrom('user_two_factor').where('user_id', '=', session.userId).execute();
          await transaction
            .deleteFrom('two_factor_recovery_code')
            .where('user_id', '=', session.userId)
            .execute();
          await transaction
            .updateTable('user_account')
            .set({ otp_enabled: false })
            .where('id', '=', session.userId)
            .execute();
          const audit = { actorUserId: session.userId, remoteAddress: connection.remoteAddress };
          if (proof === 'recoveryCode')
            await services.audit.record({ action: 'twoFactor.recoveryCodeUsed', ...audit }, transaction);
          await services.audit.record({ action: 'twoFactor.disabled', ...audit }, transaction);
        });
        await attempt.succeeded();
      });
      return {};
    },
  ),
};

/** The live session of a two-factor request; SessionInvalidOTPError instead of InvalidSessionError. */
async function requireTwoFactorSession(
  services: Services,
  sessionId: string,
  connection: ConnectionState,
): Promise<LiveSession> {
  try {
    return await services.sessions.requireSession(sessionId, connection);
  } catch (error) {
    if (error instanceof HeraldError && error.type === 'InvalidSessionError')
      throw new HeraldError('SessionInvalidOTPError');
    throw error;
  }
}

async function accountOf(services: Services, userId: number) {
  const account = await services.db
    .selectFrom('user_account')
    .select(['email', 'otp_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new HeraldError('SessionInvalidOTPError');
  return account;
}

/**
 * The secret generateOTP gave this session, when the client hands back that same one. PROTOCOL §3 has the
 * client send the secret again; it is only compared, so no one can turn two-factor on with a secret of their
 * choosing.
 */
async function pendingSecret(
  services: Services,
  session: LiveSession,
  offered: string,
): Promise<string | undefined> {
  const pending = await services.db
    .selectFrom('two_factor_pending')
    .select(['secret'])
    .where('session_id_hash', '=', session.idHash)
    .where('user_id', '=', session.userId)
    .executeTakeFirst();
  if (!pending) return undefined;
  const secret = openSecret(pending.secret);
  const expected = Buffer.from(secret);
  const given = Buffer.from(offered.toUpperCase().replace(/\s/g, ''));
  return expected.length === given.length && timingSafeEqual(expected, given) ? secret : undefined;
}
