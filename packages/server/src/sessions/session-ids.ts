import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only the SHA-256 is stored, so a database leak yields no live sessions. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
