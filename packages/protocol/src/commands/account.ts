import { z } from 'zod';
import { SUPPORTED_LOCALES, SYSTEM_LOCALE_PREFERENCE } from '../constants/platform.ts';
import { defineCommand } from './define.ts';
import { emailField, isoDateTimeField, otpCodeField, passwordField, sessionIdField } from './fields.ts';

/** The largest settings document updateUserSettings stores, in UTF-8 bytes. */
export const USER_SETTINGS_MAX_BYTES = 16 * 1024;

/**
 * A user's preferences (platform §3 User profile). The keys Herald reads are checked; others are kept as
 * given so the web app can add preferences without a server change.
 */
/**
 * The test profile (functional §3: first name, last name, email, mobile): whom proofs and previews are
 * addressed to for this user, kept with the user's settings.
 */
export const testProfileSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  email: z.union([z.literal(''), z.email().max(320)]).default(''),
  mobile: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+\d\s().-]*$/, 'A phone number: digits, spaces, + ( ) . -')
    .default(''),
});
export type TestProfile = z.infer<typeof testProfileSchema>;

export const userSettingsSchema = z
  .object({
    locale: z.enum([SYSTEM_LOCALE_PREFERENCE, ...SUPPORTED_LOCALES]).optional(),
    testProfile: testProfileSchema.optional(),
    advanced: z
      .object({
        enableBetaFeatures: z.boolean().optional(),
        // One feature key a line; a leading ! excludes the key (platform §6).
        featureKeys: z.string().max(4096).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The settings as PROTOCOL §3 sends them: a JSON string, parsed and checked here so both ends agree. */
const settingsJsonField = z
  .string()
  .refine((text) => new TextEncoder().encode(text).length <= USER_SETTINGS_MAX_BYTES, {
    message: `Settings must be at most ${USER_SETTINGS_MAX_BYTES} bytes`,
    abort: true,
  })
  .transform((text, context) => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
    } catch {
      // Reported below, as for any value that is not a JSON object.
    }
    context.issues.push({ code: 'custom', message: 'Settings must be a JSON object', input: text });
    return z.NEVER;
  })
  .pipe(userSettingsSchema)
  .describe(
    `A JSON object as text, at most ${USER_SETTINGS_MAX_BYTES} bytes: locale ("system" or a supported locale), advanced.enableBetaFeatures (boolean), advanced.featureKeys (one key a line, ! excludes); other keys are kept as given.`,
  );

/** One of the caller's live sessions, as the account page lists them. */
export const userSessionRecordSchema = z.object({
  /** A short handle for endUserSession; not the session id, which is never shown. */
  id: z.string(),
  /** Whether this is the session that asked. */
  current: z.boolean(),
  createdAt: isoDateTimeField,
  lastSeenAt: isoDateTimeField,
  /** When it ends unless renewed (idle timeout), never past its absolute lifetime. */
  expiresAt: isoDateTimeField,
});
export type UserSessionRecord = z.infer<typeof userSessionRecordSchema>;

/** Session-channel commands of this area (PROTOCOL §3). */
export const accountCommands = {
  createUser: defineCommand({
    channel: 'session',
    description:
      'Creates an account without a password and e-mails a one-time code (8 digits, valid 15 minutes, once); resetPassword with that code and a new password completes the sign-up.',
    params: z.object({
      email: emailField,
      phone: z.string().trim().max(64).optional(),
    }),
    result: z.object({ id: z.number().int() }),
  }),
  resetPassword: defineCommand({
    channel: 'session',
    description:
      "Without otpCode: e-mails a one-time code (answers {} whether or not the address has an account; at most 5 codes an hour; a new code replaces the last). A code dies after 15 minutes, one use or 5 wrong entries (IncorrectCodeError). With otpCode and newPassword: sets the password and ends all the user's sessions. With otpCode alone: checks the code without using it.",
    params: z.object({
      email: emailField,
      otpCode: otpCodeField.optional(),
      newPassword: passwordField.optional(),
    }),
    result: z.object({}),
  }),
  updateUserSettings: defineCommand({
    channel: 'session',
    description: "Replaces the signed-in user's preferences with the given JSON object and answers them.",
    params: z.object({ sessionId: sessionIdField, settings: settingsJsonField }),
    result: z.object({ settings: z.record(z.string(), z.unknown()) }),
  }),
  listUserSessions: defineCommand({
    channel: 'session',
    description: "The signed-in user's live sessions, newest first.",
    params: z.object({ sessionId: sessionIdField }),
    result: z.object({ records: z.array(userSessionRecordSchema), total: z.number().int() }),
  }),
  endUserSession: defineCommand({
    channel: 'session',
    description: "Ends one of the signed-in user's own sessions, named by its id from listUserSessions.",
    params: z.object({
      sessionId: sessionIdField,
      id: z.string().regex(/^[0-9a-f]{16}$/, 'A session id from listUserSessions'),
    }),
    result: z.object({}),
  }),
} as const;
