import { OTP_ISSUER } from '@herald/protocol';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app speaks it: HMAC-SHA1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** 160 bits, RFC 4226's recommended secret length (32 base32 characters). */
const SECRET_BYTES = 20;

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** The otpauth:// address an authenticator app reads from a QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return generateURI({
    issuer: OTP_ISSUER,
    label: email,
    secret,
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** Whether a code has the shape of a TOTP code (rather than a recovery code). */
export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * The time step whose code `code` is (spaces and hyphens ignored, as in "123 456"), allowing one step of clock
 * drift either way; undefined when it is no current code. The caller decides whether that step was used
 * already (a code is accepted once).
 */
export async function matchingTimeStep(
  secret: string,
  code: string,
  now = new Date(),
): Promise<number | undefined> {
  const typed = code.replace(/[\s-]/g, '');
  if (!looksLikeTotpCode(typed)) return undefined;
  const result = await verify({
    secret,
    token: typed,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  // The functional API's result type covers HOTP too; a TOTP match always names its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
