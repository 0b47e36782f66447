import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@herald/protocol';

// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CHARACTERS = 10;

/** Ten codes of 50 random bits each, written `xxxxx-xxxxx`; shown to the user once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(CHARACTERS);
    const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length] ?? '0').join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** A code as typed, in the one spelling that is hashed: case, spaces and hyphens ignored, I/L/O read as 1/1/0. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/** What is stored: the SHA-256 of the normalized code. 50 random bits need no slow, salted hash. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
