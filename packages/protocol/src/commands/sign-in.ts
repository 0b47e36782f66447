import { z } from 'zod';
import { defineCommand } from './define.ts';
import { organizationSchema, userSchema } from './entities.ts';
import {
  emailField,
  isoDateTimeField,
  organizationIdField,
  otpCodeField,
  passwordField,
  sessionIdField,
} from './fields.ts';

/** Signing in and keeping a session: the core of the session channel (`WS /session`, PROTOCOL §3). */
export const signInCommands = {
  getUserLoginMethod: defineCommand({
    channel: 'session',
    description: 'How an address signs in: password, or single sign-on with the address to go to.',
    params: z.object({ email: emailField }),
    result: z.union([
      z.object({ method: z.literal('password') }),
      z.object({ method: z.literal('sso'), redirectUrl: z.string() }),
    ]),
  }),
  createSession: defineCommand({
    channel: 'session',
    description:
      'Signs in: the password; then, with two-factor on, `otpCode` (a current TOTP code or an unused recovery code, each accepted once; none: MissingOTPCodeRecoveryError, wrong: InvalidOTPCodeRecoveryError); then, when the password must be changed, answers `{newPasswordRequired: true}` until called again with an acceptable `newPassword` (PasswordWeakError otherwise), which ends the other sessions. A wrong password, an unknown address and a disabled account answer InvalidPasswordError alike. Repeated failures per account and per address are slowed down: TooManyAttemptsError.',
    params: z.object({
      email: emailField,
      password: passwordField,
      otpCode: otpCodeField.optional(),
      newPassword: passwordField.optional(),
    }),
    result: z.union([
      z.object({ sessionId: z.string(), user: userSchema }),
      z.object({ newPasswordRequired: z.literal(true) }),
    ]),
  }),
  renewSession: defineCommand({
    channel: 'session',
    description: 'The heartbeat (every 60 s): keeps the session from going idle.',
    params: z.object({ sessionId: sessionIdField }),
    result: z.object({ expiresAt: isoDateTimeField }),
  }),
  terminateSession: defineCommand({
    channel: 'session',
    description: "Ends the session; answers the issuer's logout address for single sign-on sessions.",
    params: z.object({ sessionId: sessionIdField }),
    result: z.object({ logoutUrl: z.string().nullable() }),
  }),
  getUserProfile: defineCommand({
    channel: 'session',
    description: 'The signed-in user with their organizations, roles and capabilities.',
    params: z.object({ sessionId: sessionIdField }),
    result: userSchema,
  }),
  getOrganizationToken: defineCommand({
    channel: 'session',
    description: 'A short-lived token for the organization channel of one organization.',
    params: z.object({ sessionId: sessionIdField, organizationId: organizationIdField }),
    result: z.object({ token: z.string(), organization: organizationSchema }),
  }),
} as const;
