import { randomInt } from 'node:crypto';
import { HeraldError } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AccountCodePurpose } from './tables.ts';

/** The one-time code mailed for sign-up and password reset: this many digits, valid this long. */
export const ACCOUNT_CODE_LENGTH = 8;
export const ACCOUNT_CODE_LIFETIME_MS = 15 * 60_000;
/** The wrong entry that burns a code: after this many, a new code must be requested. */
export const ACCOUNT_CODE_MAX_ATTEMPTS = 5;
/** Codes one account may be sent in an hour; more requests are answered alike but send nothing (no mail bombing). */
export const ACCOUNT_CODES_PER_HOUR = 5;

/** ACCOUNT_CODE_LENGTH digits from the operating system's random source. */
export function newAccountCode(): string {
  return String(randomInt(0, 10 ** ACCOUNT_CODE_LENGTH)).padStart(ACCOUNT_CODE_LENGTH, '0');
}

/** What a person may type around the digits of a code: spaces and dashes. */
export function normalizeAccountCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Makes a new code for an account, replacing any earlier one still usable, and answers it in clear for the
 * mail; only its argon2 hash is stored. Answers undefined when the account had its codes for this hour.
 */
export async function issueAccountCode(
  db: Kysely<Database>,
  userId: number,
  purpose: AccountCodePurpose,
  now = new Date(),
): Promise<string | undefined> {
  const recent = await db
    .selectFrom('account_code')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - 60 * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= ACCOUNT_CODES_PER_HOUR) return undefined;
  const code = newAccountCode();
  const codeHash = await hashPassword(code);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account_code')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('account_code')
      .values({
        user_id: userId,
        purpose,
        code_hash: codeHash,
        created_at: now,
        expires_at: new Date(now.getTime() + ACCOUNT_CODE_LIFETIME_MS),
      })
      .execute();
  });
  return code;
}

export interface CheckedAccountCode {
  id: number;
  purpose: AccountCodePurpose;
}

/**
 * Checks a code against the account's usable one, without using it up. A wrong code counts against it, and
 * the ACCOUNT_CODE_MAX_ATTEMPTS-th wrong one burns it. An attempt is reserved before the slow comparison, so
 * guesses sent in parallel cannot get past the limit. An unknown account (undefined) takes the same time.
 * Wrong, expired, used, burnt or absent: IncorrectCodeError alike.
 */
export async function checkAccountCode(
  db: Kysely<Database>,
  userId: number | undefined,
  input: string,
  now = new Date(),
): Promise<CheckedAccountCode> {
  const reserved =
    userId === undefined
      ? undefined
      : await db
          .updateTable('account_code')
          .set({ failed_attempts: sql`failed_attempts + 1` })
          .where(
            'id',
            '=',
            db
              .selectFrom('account_code')
              .select('id')
              .where('user_id', '=', userId)
              .where('consumed_at', 'is', null)
              .where('expires_at', '>', now)
              .orderBy('id', 'desc')
              .limit(1),
          )
          .where('failed_attempts', '<', ACCOUNT_CODE_MAX_ATTEMPTS)
          .returning(['id', 'purpose', 'code_hash'])
          .executeTakeFirst();
  // verifyPassword compares against a dummy hash when there is no code, so every refusal takes as long.
  const matches = await verifyPassword(reserved?.code_hash, normalizeAccountCode(input));
  if (!reserved || !matches) throw new HeraldError('IncorrectCodeError');
  await db
    .updateTable('account_code')
    .set({ failed_attempts: sql`failed_attempts - 1` })
    .where('id', '=', reserved.id)
    .execute();
  return { id: reserved.id, purpose: reserved.purpose };
}

/** Uses a checked code up; IncorrectCodeError when another request used it first. */
export async function consumeAccountCode(
  db: Kysely<Database>,
  codeId: number,
  now = new Date(),
): Promise<void> {
  const consumed = await db
    .updateTable('account_code')
    .set({ consumed_at: now })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!consumed) throw new HeraldError('IncorrectCodeError');
}
