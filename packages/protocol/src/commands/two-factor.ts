import { z } from 'zod';
import { RECOVERY_CODE_COUNT } from '../constants/functional.ts';
import { defineCommand } from './define.ts';
import { otpCodeField, sessionIdField } from './fields.ts';

/** A base32 TOTP secret as generateOTP hands it out (160 bits are 32 characters). */
const otpSecretField = z.string().trim().min(1).max(128);

// Two-factor commands check the session themselves, so that a missing or expired one answers the two-factor
// message of platform §8 rather than InvalidSessionError; the descriptions say so because the registry lists
// them as callable by anyone.
const SESSION_NOTE = 'Needs a valid session; without one it answers SessionInvalidOTPError.';

/** Two-factor set-up and removal on the session channel (PROTOCOL §3; functional §4 Two-factor). */
export const twoFactorCommands = {
  generateOTP: defineCommand({
    channel: 'session',
    description: `Starts two-factor set-up: a new TOTP secret (RFC 6238: 30 s, 6 digits, 160 bits) and its otpauth:// address for a QR code. The secret is kept against this session until enableOTP; calling again replaces it. Two-factor already on: EnableOTPError. ${SESSION_NOTE}`,
    params: z.object({ sessionId: sessionIdField }),
    result: z.object({ otpSecret: z.string(), otpauthUrl: z.string() }),
  }),
  validateOTP: defineCommand({
    channel: 'session',
    description: `Checks a code against the secret generateOTP gave this session, without turning two-factor on or using the code up. Another secret: VerifyOTPError; a wrong code: InvalidOTPError. ${SESSION_NOTE}`,
    params: z.object({ sessionId: sessionIdField, otpSecret: otpSecretField, otpCode: otpCodeField }),
    result: z.object({ valid: z.literal(true) }),
  }),
  enableOTP: defineCommand({
    channel: 'session',
    description: `Turns two-factor on with the secret generateOTP gave this session and a current code from it; answers ${RECOVERY_CODE_COUNT} recovery codes, shown this once (only their hashes are kept). Another secret, none generated, or two-factor already on: EnableOTPError; a wrong code: IncorrectCodeError. ${SESSION_NOTE}`,
    params: z.object({ sessionId: sessionIdField, otpSecret: otpSecretField, otpCode: otpCodeField }),
    result: z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
  }),
  disableOTP: defineCommand({
    channel: 'session',
    description: `Turns two-factor off; needs a current code or an unused recovery code (each code is accepted once). A wrong or used code: IncorrectCodeError; repeated failures: TooManyAttemptsError. Already off: {}. ${SESSION_NOTE}`,
    params: z.object({ sessionId: sessionIdField, otpCode: otpCodeField }),
    result: z.object({}),
  }),
} as const;
