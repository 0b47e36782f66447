import { z } from 'zod';
import { defineCommand } from './define.ts';
import { isoDateTimeField, organizationIdField, sessionIdField } from './fields.ts';
import type { ProviderChannel } from './credential-types.ts';

export * from './credential-types.ts';
export * from './service-account-key.ts';

// The feature key that opens these commands, INTEGRATIONS_FEATURE, lives with the other feature flags
// (access/features.ts), which carry no zod: the console's route table reads it, and must not pull zod into the
// sign-in page.

const adminParams = z.object({ sessionId: sessionIdField, organizationId: organizationIdField });
const credentialIdField = z.number().int().positive();

/** A credential's values by field name; a port is given as its digits. */
const credentialValuesSchema = z.record(z.string(), z.string().max(20_000));

/** What uses a credential: a channel's provider, a sending or tracking domain, an activity or an integration. */
export const credentialUseSchema = z.object({
  kind: z.enum(['channel', 'domain', 'activity', 'integration']),
  name: z.string(),
});
export type CredentialUse = z.infer<typeof credentialUseSchema>;

/** A credential as an administrator sees it: its secrets only as masks (`secretHints`), never their values. */
export const credentialSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  alias: z.string(),
  /** The values that are not secret. */
  fields: z.record(z.string(), z.string()),
  /** Each secret field that is set, as a mask and its last four characters. */
  secretHints: z.record(z.string(), z.string()),
  usedBy: z.array(credentialUseSchema),
  createdAt: isoDateTimeField,
  modifiedAt: isoDateTimeField,
  lastAccessedAt: isoDateTimeField.nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** Organization settings `channelCredentials`: the credential each channel's provider is reached with. */
export const channelCredentialsSchema = z
  .object({
    email: credentialIdField.nullable(),
    sms: credentialIdField.nullable(),
    whatsapp: credentialIdField.nullable(),
    line: credentialIdField.nullable(),
    pushnotification: credentialIdField.nullable(),
    displayad: credentialIdField.nullable(),
  } satisfies Record<ProviderChannel, z.ZodType>)
  .partial()
  .strict();
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

export const credentialTestResultSchema = z.object({
  ok: z.boolean(),
  /** The provider's own words when it refused, without any secret. */
  message: z.string().nullable(),
});
export type CredentialTestResult = z.infer<typeof credentialTestResultSchema>;

export const credentialCommands = {
  listCredentials: defineCommand({
    channel: 'session',
    description:
      "The organization's credentials (administrators, with the integrations feature), newest first, with the limit an organization may keep and each channel's provider.",
    params: adminParams,
    result: z.object({
      credentials: z.array(credentialSchema),
      limit: z.number().int(),
      channelCredentials: channelCredentialsSchema,
    }),
  }),
  getCredential: defineCommand({
    channel: 'session',
    description: 'One credential, its secrets as masks only.',
    params: adminParams.extend({ id: credentialIdField }),
    result: credentialSchema,
  }),
  createCredential: defineCommand({
    channel: 'session',
    description:
      'Saves a new credential. A missing or unknown type answers InvalidCredentialTypeError; the values are checked per type (CREDENTIAL_TYPES); past the limit, CredentialLimitError.',
    params: adminParams.extend({
      // Any text, so that a missing or unknown type answers the spec's own error rather than ValidationError.
      type: z.string().max(100).optional(),
      alias: z.string().trim().min(1).max(200),
      values: credentialValuesSchema,
    }),
    result: credentialSchema,
  }),
  updateCredential: defineCommand({
    channel: 'session',
    description:
      'Changes a credential. Its type stays; a secret left out or blank keeps the stored one, a typed one replaces it.',
    params: adminParams.extend({
      id: credentialIdField,
      alias: z.string().trim().min(1).max(200).optional(),
      values: credentialValuesSchema.default({}),
    }),
    result: credentialSchema,
  }),
  deleteCredential: defineCommand({
    channel: 'session',
    description: 'Deletes a credential; one still in use (see usedBy) answers CredentialInUseError.',
    params: adminParams.extend({ id: credentialIdField }),
    result: z.object({ deleted: z.literal(true) }),
  }),
  testCredential: defineCommand({
    channel: 'session',
    description:
      "Tests a saved credential against its provider (an SMTP login; an HTTP call to the base URL of an SMS, WhatsApp, LINE or push provider). Without an id (a credential not saved yet) it answers CredentialNotSavedError; a type that cannot be tested, CredentialNotTestableError. The provider's refusal is a result, not an error.",
    params: adminParams.extend({ id: credentialIdField.optional() }),
    result: credentialTestResultSchema,
  }),
  updateChannelCredentials: defineCommand({
    channel: 'session',
    description:
      "Sets the credential of each channel's provider (organization settings channelCredentials); null clears one. Each must be the organization's own, of a type that serves the channel.",
    params: adminParams.extend({ channelCredentials: channelCredentialsSchema }),
    result: z.object({ channelCredentials: channelCredentialsSchema }),
  }),
} as const;
