import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { openSecret } from '../vault/secret-box.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { looksLikeTotpCode, matchingTimeStep } from './totp.ts';

/** Which kind of code proved the second factor. */
export type SecondFactorProof = 'oneTimeCode' | 'recoveryCode';

/**
 * What a code offered as a second factor turned out to be: a proof, a current code that was already accepted
 * (the person must wait for the next one, which is no clock problem), or a wrong code.
 */
export type SecondFactorCheck = SecondFactorProof | 'codeAlreadyUsed' | 'wrongCode';

/**
 * Checks a code offered as a user's second factor and uses it up: a current TOTP code (whose time step must be
 * later than the last one accepted, so a code is accepted once) or one of the user's unused recovery codes.
 * Both are taken with a conditional update, so two requests racing with the same code cannot both win.
 */
export async function acceptSecondFactor(
  db: Kysely<Database>,
  userId: number,
  code: string,
  now = new Date(),
): Promise<SecondFactorCheck> {
  const typed = code.replace(/[\s-]/g, '');
  if (looksLikeTotpCode(typed)) {
    const active = await db
      .selectFrom('user_two_factor')
      .select(['secret'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!active) return 'wrongCode';
    const step = await matchingTimeStep(openSecret(active.secret), typed, now);
    if (step === undefined) return 'wrongCode';
    const taken = await db
      .updateTable('user_two_factor')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    // The code matches the secret but its time step is not later than the last one accepted: it was used.
    return taken.numUpdatedRows > 0n ? 'oneTimeCode' : 'codeAlreadyUsed';
  }
  const taken = await db
    .updateTable('two_factor_recovery_code')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(typed))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? 'recoveryCode' : 'wrongCode';
}
