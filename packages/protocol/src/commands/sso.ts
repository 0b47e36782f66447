import { z } from 'zod';
import { defineCommand } from './define.ts';
import { userSchema } from './entities.ts';
import { isoDateTimeField, organizationIdField, sessionIdField } from './fields.ts';

/** The kinds of identity provider Herald can sign in with. Only OpenID Connect today. */
export const SSO_ISSUER_TYPES = ['oidc'] as const;
export type SsoIssuerType = (typeof SSO_ISSUER_TYPES)[number];

/** How long a pending single sign-on (from the start route to the issuer's callback) stays usable. */
export const SSO_PENDING_LOGIN_LIFETIME_MS = 10 * 60_000;
/** How long the one-time key the callback hands to the web app (`/login?sso=…`) stays usable. */
export const SSO_HANDOFF_LIFETIME_MS = 2 * 60_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The issuer identifier: an https URL (OpenID Connect Discovery appends `/.well-known/openid-configuration`).
 * Plain http is accepted only on loopback, for development and tests: over a network it would let anyone on
 * the path read the client secret and forge the provider's answers.
 */
export const issuerUriField = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine(
    (text) => {
      const url = parseUrl(text);
      if (!url || url.search || url.hash || url.username || url.password) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    },
    { message: 'The issuer must be an https URL without query or fragment (http only on loopback)' },
  );

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A name of a claim in the provider's tokens; dots reach into nested objects (`realm_access.roles`). */
const claimNameField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\s]+$/, { message: 'A claim name has no spaces' });

/** An e-mail domain, lower-cased: `example.com`. */
const emailDomainField = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'Not an e-mail domain',
  });

const rolesRegexField = z
  .string()
  .max(500)
  .refine(
    (text) => {
      try {
        new RegExp(text);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Not a valid regular expression' },
  );

/**
 * The fields of an identity provider (functional §3) an administrator gives. How Herald reads them:
 * - `manageRoles`: on, each sign-in through this issuer sets the user's roles (and partition sets, when
 *   `customPartitionsetsTransform` is given) in this organization from the token's claims; off, the roles an
 *   administrator granted are left alone.
 * - `customRolesClaimName`: the claim holding the roles (default `roles`), a string or an array of strings.
 * - `customRolesRegex`: each claim value must match it to count; its named group `role`, else its first
 *   group, else the whole value is the role name (`^herald-(.+)$` turns `herald-Content.Edit` into
 *   `Content.Edit`). Names that are not Herald roles are dropped.
 * - `customPartitionsetsTransform`: the name of a claim whose values are partition-set names or ids of this
 *   organization. Absent claim: head office (no restriction). A claim naming no known set refuses the
 *   sign-in rather than widening the user to head office.
 * - `exclusive` with `exclusiveDomains`: addresses of these domains sign in through this issuer
 *   (getUserLoginMethod answers `sso`); a domain can be exclusive to one enabled issuer only.
 * - `grantConsent`: the issuer is asked to show its consent screen (`prompt=consent`) at each sign-in.
 */
export const ssoIssuerInputSchema = z.object({
  issuerType: z.enum(SSO_ISSUER_TYPES).default('oidc'),
  issuerUri: issuerUriField.describe(
    'Issuer identifier; https (http only on loopback). Register PUBLIC_URL/sso/callback as the redirect URI there.',
  ),
  issuerClientId: z.string().trim().min(1).max(512),
  /** The client secret. Stored, never answered back: replies carry `issuerCredentialHint` instead. */
  issuerCredential: z
    .string()
    .min(1)
    .max(4096)
    .describe('Client secret; stored, never answered back (replies carry issuerCredentialHint).'),
  manageRoles: z
    .boolean()
    .default(false)
    .describe(
      "On: every sign-in sets the user's roles (and partition sets) in this organization from claims.",
    ),
  customRolesClaimName: claimNameField
    .nullable()
    .default(null)
    .describe('Claim holding the roles (string or array); default `roles`; dots reach into objects.'),
  customRolesRegex: rolesRegexField
    .nullable()
    .default(null)
    .describe(
      'A value must match; the group `role`, else group 1, else the whole value is the role. Unknown roles are dropped.',
    ),
  customPartitionsetsTransform: claimNameField
    .nullable()
    .default(null)
    .describe(
      'Claim whose values are partition-set names or ids; absent: head office; only unknown sets: sign-in refused.',
    ),
  description: z.string().trim().max(1000).default(''),
  exclusive: z
    .boolean()
    .default(false)
    .describe('Addresses of exclusiveDomains sign in through this issuer (getUserLoginMethod answers sso).'),
  exclusiveDomains: z
    .array(emailDomainField)
    .max(50)
    .default([])
    .describe('E-mail domains; each can be exclusive to one enabled issuer at a time.'),
  grantConsent: z
    .boolean()
    .default(false)
    .describe('On: the issuer is asked for its consent screen (prompt=consent) at every sign-in.'),
  disabled: z.boolean().default(false),
});

/** An identity provider as administrators see it: everything but the secret. */
export const ssoIssuerSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  issuerType: z.enum(SSO_ISSUER_TYPES),
  issuerUri: z.string(),
  issuerClientId: z.string(),
  /** The secret's last four characters (long secrets only) so an administrator can tell which is set. */
  issuerCredentialHint: z.string(),
  manageRoles: z.boolean(),
  customRolesClaimName: z.string().nullable(),
  customRolesRegex: z.string().nullable(),
  customPartitionsetsTransform: z.string().nullable(),
  description: z.string(),
  exclusive: z.boolean(),
  exclusiveDomains: z.array(z.string()),
  grantConsent: z.boolean(),
  disabled: z.boolean(),
  createdAt: isoDateTimeField,
  disabledAt: isoDateTimeField.nullable(),
});
export type SsoIssuer = z.infer<typeof ssoIssuerSchema>;

const issuerIdField = z.number().int().positive();

/** Session-channel commands of this area (PROTOCOL §3). */
export const ssoCommands = {
  addOrganizationIssuer: defineCommand({
    channel: 'session',
    description:
      'Adds an identity provider (OpenID Connect issuer) to the organization; answers it without the client secret.',
    params: ssoIssuerInputSchema
      .extend({ sessionId: sessionIdField, organizationId: organizationIdField })
      .refine((issuer) => !issuer.exclusive || issuer.exclusiveDomains.length > 0, {
        message: 'An exclusive issuer needs at least one e-mail domain',
        path: ['exclusiveDomains'],
      }),
    result: ssoIssuerSchema,
  }),
  disableOrganizationIssuer: defineCommand({
    channel: 'session',
    description:
      "Disables an identity provider: nobody signs in through it any more and its users' single sign-on sessions end.",
    params: z.object({
      sessionId: sessionIdField,
      organizationId: organizationIdField,
      issuerId: issuerIdField,
    }),
    result: ssoIssuerSchema,
  }),
  getOrganizationIssuers: defineCommand({
    channel: 'session',
    description: "The organization's identity providers, newest first, without their secrets.",
    params: z.object({ sessionId: sessionIdField, organizationId: organizationIdField }),
    result: z.object({ issuers: z.array(ssoIssuerSchema) }),
  }),
  completeSsoLogin: defineCommand({
    channel: 'session',
    description:
      'Turns the one-time key of `/login?sso=…` into a session, like createSession. Single use, short-lived, and only from the browser that started the sign-on.',
    params: z.object({ key: z.string().min(1).max(200) }),
    result: z.object({ sessionId: z.string(), user: userSchema }),
  }),
} as const;
