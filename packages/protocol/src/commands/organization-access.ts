import { z } from 'zod';
import { ROLES } from '../access/roles.ts';
import { GRANT_ACCESS_DEFAULT_PHONE } from '../constants/platform.ts';
import { defineCommand } from './define.ts';
import { organizationSchema } from './entities.ts';
import { ssoIssuerSchema } from './sso.ts';
import { emailField, isoDateTimeField, organizationIdField, sessionIdField } from './fields.ts';

/** The longest organization name. */
export const ORGANIZATION_NAME_MAX = 200;

const adminParams = z.object({ sessionId: sessionIdField, organizationId: organizationIdField });
const rolesField = z.array(z.enum(ROLES)).min(1).max(ROLES.length);
const userIdField = z.number().int().positive();
const pageFields = {
  limit: z.number().int().min(0).max(100).default(25),
  offset: z.number().int().min(0).default(0),
};

/** A JSON object, given as an object or as its JSON text (PROTOCOL §3 passes some settings as strings). */
const jsonObjectField = z.union([z.string().max(65_536), z.record(z.string(), z.unknown())]);

export const userAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  capabilities: z.array(z.string()),
  user_type: z.string(),
  partitionsets: z.array(z.number().int()),
  valid_from: isoDateTimeField.nullable(),
  last_login: isoDateTimeField.nullable(),
  otp_enabled: z.boolean(),
  disabled: z.boolean(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

export const securitySettingsSchema = z.object({
  /** Every user of the organization must have two-factor on; those without are taken to set it up. */
  requireTwoFactor: z.boolean(),
  /** Addresses or CIDR ranges, one per line, that administrators may act from; empty allows any. */
  adminIpAllowList: z.string().max(10_000),
  /** A data extract needs a second person's approval (used by exports). */
  twoPersonExtractApproval: z.boolean(),
  /**
   * An activity's revision must be approved by someone other than the one who saved it (docs/workflow.md
   * § Decisions).
   */
  twoPersonActivityApproval: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string().nullable(),
  subject: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  remoteAddress: z.string().nullable(),
  createdAt: isoDateTimeField,
});

/** Administering who may enter an organization, and its theme, settings and security (admin only). */
export const organizationAccessCommands = {
  getOrganizationAccess: defineCommand({
    channel: 'session',
    description: "The organization's users with their roles, and its single sign-on issuers.",
    params: adminParams,
    result: z.object({ user_accounts: z.array(userAccountSchema), sso_issuers: z.array(ssoIssuerSchema) }),
  }),
  grantOrganizationAccess: defineCommand({
    channel: 'session',
    description: 'Gives an address roles in the organization, creating the account when it is new.',
    params: adminParams.extend({
      email: emailField,
      phone: z.string().trim().max(40).default(GRANT_ACCESS_DEFAULT_PHONE),
      roles: rolesField,
      partitionsets: z.array(z.number().int().positive()).max(100).default([]),
    }),
    result: z.object({ userId: z.number().int() }),
  }),
  updateOrganizationAccess: defineCommand({
    channel: 'session',
    description: "Changes a user's roles (and partition sets, valid-from date) in the organization.",
    params: adminParams.extend({
      userId: userIdField,
      roles: rolesField,
      partitionsets: z.array(z.number().int().positive()).max(100).optional(),
      validFrom: isoDateTimeField.nullable().optional(),
    }),
    result: z.object({}),
  }),
  revokeOrganizationAccess: defineCommand({
    channel: 'session',
    description:
      "Removes a user's access to the organization; their open connections lose it within a second.",
    params: adminParams.extend({ userId: userIdField }),
    result: z.object({}),
  }),
  endUserSessions: defineCommand({
    channel: 'session',
    description: 'Ends every session of a user of the organization.',
    params: adminParams.extend({ userId: userIdField }),
    result: z.object({ ended: z.number().int() }),
  }),
  updateOrganizationName: defineCommand({
    channel: 'session',
    description:
      "Renames the organization (1–200 characters, trimmed); its users' organization lists follow.",
    params: adminParams.extend({ name: z.string().trim().min(1).max(ORGANIZATION_NAME_MAX) }),
    result: organizationSchema,
  }),
  updateOrganizationTheme: defineCommand({
    channel: 'session',
    description: "Sets the organization's logo address and theme (colour and style, as JSON).",
    params: adminParams.extend({ logo_uri: z.string().max(2048).nullable(), theme: z.string().max(65_536) }),
    result: organizationSchema,
  }),
  updateOrganizationSettings: defineCommand({
    channel: 'session',
    description:
      "Replaces the organization's settings (currency, import rules, advanced) with the object given. " +
      '`timeZone` (an IANA zone, UTC when absent) is the wall clock that activity schedules follow; ' +
      '`maxThrottlePerActivityType` ({channel: messages a minute}, each 1–60,000) caps each channel’s throttle; ' +
      '`import.rules` {disallowSubscriberUpload, disallowNewLists, lists: {listId: {disallowSubscriberUpload}}}; ' +
      '`messaging.rules` {quietHours: {channel: {start, end}} (HH:MM, organization time), frequencyCap: ' +
      '{messages, per: day|week} | null, suppression: [address or domain]}; `advanced` {enableBetaFeatures, ' +
      'featureKeys}; `currency` (ISO 4217 code); `defaultSender` {fromName, fromAddress}, whose address must be at ' +
      'one of the organization’s verified sending domains or at the shared product domain. Any of these, when malformed, answers ValidationError naming the field, and nothing is saved.',
    params: adminParams.extend({ settings: jsonObjectField }),
    result: organizationSchema,
  }),
  getSecuritySettings: defineCommand({
    channel: 'session',
    description: "The organization's security settings.",
    params: adminParams,
    result: securitySettingsSchema,
  }),
  updateSecuritySettings: defineCommand({
    channel: 'session',
    description: "Changes the organization's security settings.",
    params: adminParams.extend(securitySettingsSchema.partial().shape),
    result: securitySettingsSchema,
  }),
  getAuditLog: defineCommand({
    channel: 'session',
    description: "The organization's audit log, newest first.",
    params: adminParams.extend(pageFields),
    result: z.object({ records: z.array(auditEntrySchema), total: z.number().int() }),
  }),
  getOutbox: defineCommand({
    channel: 'session',
    description: 'Messages Herald has written to its outbox (shown while no SMTP server is configured).',
    params: adminParams.extend(pageFields),
    result: z.object({
      records: z.array(
        z.object({
          id: z.number().int(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          createdAt: isoDateTimeField,
          sentAt: isoDateTimeField.nullable(),
          /** Why the SMTP server refused it, when it did (never the message itself). */
          error: z.string().nullable().optional(),
          /** When a refused message is tried again; null once sent or given up. */
          nextAttemptAt: isoDateTimeField.nullable().optional(),
        }),
      ),
      total: z.number().int(),
    }),
  }),
};
