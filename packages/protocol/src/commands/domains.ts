import { z } from 'zod';
import { defineCommand } from './define.ts';
import { isoDateTimeField, organizationIdField, sessionIdField } from './fields.ts';

/** The kinds of domain an organization claims: where mail comes from, where links point, who signs in. */
export const DOMAIN_KINDS = ['sending', 'tracking', 'sso'] as const;
export type DomainKind = (typeof DOMAIN_KINDS)[number];

/** What a DNS check saw of one record: `unchecked` before any check, `failed` when DNS gave no answer. */
export const DOMAIN_RECORD_STATUSES = ['unchecked', 'ok', 'missing', 'mismatch', 'failed'] as const;
export type DomainRecordStatus = (typeof DOMAIN_RECORD_STATUSES)[number];

/**
 * A domain is its organization's only once its DNS proof has been seen (docs/guide-administration.md § Sending
 * and tracking domains).
 */
export const DOMAIN_STATUSES = ['verified', 'unverified'] as const;

/** Why a record is to be published: the first four for a sending domain, then tracking and single sign-on. */
export const DOMAIN_RECORD_PURPOSES = [
  'dkim',
  'returnPath',
  'spf',
  'dmarc',
  'tracking',
  'ownership',
] as const;
export type DomainRecordPurpose = (typeof DOMAIN_RECORD_PURPOSES)[number];

/** The defaults the add form offers (docs/guide-administration.md § Sending and tracking domains). */
export const DEFAULT_DKIM_SELECTOR = 'herald1';
export const DEFAULT_ENVFROM = 'bounce';

/** A domain as typed; the server lower-cases it, turns an IDN into punycode and checks it is a hostname. */
const domainField = z.string().trim().min(1).max(253);
/** One or more DNS labels (`herald1`, `bounce`, `mail.bounce`), lower-cased. */
const labelsField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, {
    message: 'Letters, digits and hyphens, in labels separated by dots',
  });

export const domainRecordSchema = z.object({
  purpose: z.enum(DOMAIN_RECORD_PURPOSES),
  type: z.enum(['TXT', 'CNAME']),
  /** The name to publish the record at, in full (`herald1._domainkey.example.com`). */
  host: z.string(),
  /** The value to publish; for SPF and DMARC the advised value (any record of the kind counts, see below). */
  value: z.string(),
  /** DKIM records: the key's selector. */
  selector: z.string().optional(),
  status: z.enum(DOMAIN_RECORD_STATUSES),
  /** What DNS answered at the host, when it did not match. */
  found: z.array(z.string()),
});
export type DomainRecord = z.infer<typeof domainRecordSchema>;

export const dkimKeySchema = z.object({
  selector: z.string(),
  createdAt: isoDateTimeField,
  /** When a check first saw this key published; signing uses the newest verified key. */
  verifiedAt: isoDateTimeField.nullable(),
  retiredAt: isoDateTimeField.nullable(),
});

const claimedDomainFields = {
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  records: z.array(domainRecordSchema),
  createdAt: isoDateTimeField,
  verifiedAt: isoDateTimeField.nullable(),
  checkedAt: isoDateTimeField.nullable(),
};

export const sendingDomainSchema = z.object({
  ...claimedDomainFields,
  envfrom: z.string(),
  /** The newest key's selector. */
  selector: z.string(),
  /** Every key not retired, newest first, then the retired ones. */
  keys: z.array(dkimKeySchema),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

export const trackingDomainSchema = z.object(claimedDomainFields);
export type TrackingDomain = z.infer<typeof trackingDomainSchema>;

/** An e-mail domain an identity provider of the organization is exclusive for. */
export const ssoDomainSchema = z.object({ ...claimedDomainFields, issuerIds: z.array(z.number().int()) });
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

const domainParams = z.object({
  sessionId: sessionIdField,
  organizationId: organizationIdField,
  domain: domainField,
});

/** Sending, tracking and single sign-on domains, their DNS records and checks, DKIM keys (admin only). */
export const domainCommands = {
  getOrganizationDomains: defineCommand({
    channel: 'session',
    description:
      "The organization's sending, tracking and single sign-on domains, each with the DNS records to publish and what the last check saw.",
    params: z.object({ sessionId: sessionIdField, organizationId: organizationIdField }),
    result: z.object({
      sending: z.array(sendingDomainSchema),
      tracking: z.array(trackingDomainSchema),
      sso: z.array(ssoDomainSchema),
    }),
  }),
  addOrganizationSendingDomain: defineCommand({
    channel: 'session',
    description:
      'Adds a sending domain with a new RSA-2048 DKIM key under `selector` and the return path `{envfrom}.{domain}`. ' +
      'Unverified until a check sees the DKIM record; a domain another organization has verified answers DomainClaimedError.',
    params: domainParams.extend({ selector: labelsField, envfrom: labelsField }),
    result: sendingDomainSchema,
  }),
  removeOrganizationSendingDomain: defineCommand({
    channel: 'session',
    description: 'Removes a sending domain and its DKIM keys.',
    params: domainParams,
    result: z.object({}),
  }),
  addOrganizationTrackingDomain: defineCommand({
    channel: 'session',
    description:
      "Adds a tracking domain; verified once a check sees its CNAME point at Herald's tracking host.",
    params: domainParams,
    result: trackingDomainSchema,
  }),
  removeOrganizationTrackingDomain: defineCommand({
    channel: 'session',
    description: 'Removes a tracking domain.',
    params: domainParams,
    result: z.object({}),
  }),
  checkOrganizationDomain: defineCommand({
    channel: 'session',
    description:
      'Looks up each DNS record of the domain now and stores what was seen; the DNS proof (DKIM for sending, the CNAME ' +
      'for tracking, the herald-verification TXT for single sign-on) verifies the domain.',
    params: domainParams.extend({ kind: z.enum(DOMAIN_KINDS) }),
    result: z.union([sendingDomainSchema, trackingDomainSchema, ssoDomainSchema]),
  }),
  rotateSendingDomainKey: defineCommand({
    channel: 'session',
    description:
      'Adds a new DKIM key under a new selector. Both keys are published until the old one is retired; signing moves ' +
      'to the new key once a check has seen it.',
    params: domainParams.extend({ selector: labelsField }),
    result: sendingDomainSchema,
  }),
  retireSendingDomainKey: defineCommand({
    channel: 'session',
    description:
      'Retires a DKIM key: it is no longer published nor used. Another key of the domain must be verified first (DomainKeyRetireError).',
    params: domainParams.extend({ selector: labelsField }),
    result: sendingDomainSchema,
  }),
} as const;
