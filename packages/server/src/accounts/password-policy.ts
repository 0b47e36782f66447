import { HeraldError, isValidEmailAddress } from '@herald/protocol';
import { dictionary } from '@zxcvbn-ts/language-common';

/** NIST SP 800-63B: a length floor, a generous ceiling, no composition rules, and no well-known passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const COMMON_PASSWORD_COUNT = 3000;

// zxcvbn's list is ranked by how often each password turned up in breaches; the first 3,000 are refused.
const commonPasswords: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()),
);

/** Throws PasswordWeakError for a password too short, too long, or among the most common. */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (
    length < PASSWORD_MIN_LENGTH ||
    length > PASSWORD_MAX_LENGTH ||
    commonPasswords.has(password.toLowerCase())
  ) {
    throw new HeraldError('PasswordWeakError');
  }
}

// One @, something on each side, a dot in the domain, no spaces: what a mail server will accept, without
// pretending to implement RFC 5322 (the one-time code mailed to the address is the real check).

/** Throws EmailNotValidError for a malformed address. */
export function assertValidEmail(email: string): void {
  if (!isValidEmailAddress(email)) throw new HeraldError('EmailNotValidError');
}
