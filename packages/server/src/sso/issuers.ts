import type { SsoIssuer, ssoIssuerInputSchema } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../database/schema.ts';
import { openSecret, sealSecret } from '../vault/secret-box.ts';
import type { SsoIssuerRow } from './tables.ts';

export type NewIssuer = z.output<typeof ssoIssuerInputSchema>;

/** Every identity provider of one organization, newest first, as administrators see them (no secret). */
export async function listIssuers(db: Kysely<Database>, organizationId: number): Promise<SsoIssuer[]> {
  const rows = await db
    .selectFrom('sso_issuer')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(opened).map(toIssuer);
}

/** One issuer of one organization; another organization's issuer is not found. */
export function findIssuer(
  db: Kysely<Database>,
  organizationId: number,
  issuerId: number,
): Promise<SsoIssuerRow | undefined> {
  return db
    .selectFrom('sso_issuer')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', issuerId)
    .executeTakeFirst()
    .then((row) => row && opened(row));
}

/**
 * An issuer by id alone, for the sign-on routes: the browser names the issuer, and the organization is the
 * issuer's own. Everything the flow does afterwards is scoped to that organization.
 */
export function findIssuerForSignOn(
  db: Kysely<Database>,
  issuerId: number,
): Promise<SsoIssuerRow | undefined> {
  return db
    .selectFrom('sso_issuer')
    .selectAll()
    .where('id', '=', issuerId)
    .executeTakeFirst()
    .then((row) => row && opened(row));
}

/**
 * The enabled issuer that is exclusive for an e-mail domain, if any, once its organization has proved it owns
 * the domain (its `herald-verification` TXT record was seen, domains/check-domain.ts): until then an
 * administrator could send another company's sign-ins to an issuer of their choosing.
 */
export function exclusiveIssuerForDomain(
  db: Kysely<Database>,
  domain: string,
): Promise<Pick<SsoIssuerRow, 'id' | 'organization_id'> | undefined> {
  return db
    .selectFrom('sso_issuer')
    .select(['id', 'organization_id'])
    .where('exclusive', '=', true)
    .where('disabled', '=', false)
    .where(sql<boolean>`exclusive_domains @> ARRAY[${domain}]::text[]`)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('organization_domain')
          .select('domain')
          .whereRef('organization_domain.organization_id', '=', 'sso_issuer.organization_id')
          .where('organization_domain.kind', '=', 'sso')
          .where('organization_domain.domain', '=', domain)
          .where('organization_domain.verified_at', 'is not', null),
      ),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/** Whether the organization has proved it owns an e-mail domain (see exclusiveIssuerForDomain). */
export async function ownsEmailDomain(
  db: Kysely<Database>,
  organizationId: number,
  domain: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('organization_domain')
    .select('domain')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'sso')
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The domains, among `domains`, that an enabled exclusive issuer already holds. */
export async function claimedDomains(db: Kysely<Database>, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('sso_issuer')
    .select('exclusive_domains')
    .where('exclusive', '=', true)
    .where('disabled', '=', false)
    .where(sql<boolean>`exclusive_domains && ${sql.val([...domains])}::text[]`)
    .execute();
  const wanted = new Set(domains);
  return [...new Set(rows.flatMap((row) => row.exclusive_domains).filter((domain) => wanted.has(domain)))];
}

export async function insertIssuer(
  db: Kysely<Database>,
  organizationId: number,
  issuer: NewIssuer,
  now: Date,
): Promise<SsoIssuerRow> {
  return db
    .insertInto('sso_issuer')
    .values({
      organization_id: organizationId,
      issuer_type: issuer.issuerType,
      issuer_uri: issuer.issuerUri,
      client_id: issuer.issuerClientId,
      client_secret: sealSecret(issuer.issuerCredential),
      manage_roles: issuer.manageRoles,
      roles_claim_name: issuer.customRolesClaimName,
      roles_regex: issuer.customRolesRegex,
      partitionsets_claim_name: issuer.customPartitionsetsTransform,
      description: issuer.description,
      exclusive: issuer.exclusive,
      exclusive_domains: issuer.exclusive ? [...new Set(issuer.exclusiveDomains)] : [],
      grant_consent: issuer.grantConsent,
      disabled: issuer.disabled,
      created_at: now,
      disabled_at: issuer.disabled ? now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(opened);
}

/** Disables an issuer of the organization; answers the row before and after, or undefined when not found. */
export async function disableIssuer(
  db: Kysely<Database>,
  organizationId: number,
  issuerId: number,
  now: Date,
): Promise<{ before: SsoIssuerRow; after: SsoIssuerRow } | undefined> {
  const before = await findIssuer(db, organizationId, issuerId);
  if (!before) return undefined;
  if (before.disabled) return { before, after: before };
  const after = await db
    .updateTable('sso_issuer')
    .set({ disabled: true, disabled_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', issuerId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(opened);
  return { before, after };
}

/** The issuer as the contract answers it: every field but the client secret, which only shows a hint. */
export function toIssuer(row: SsoIssuerRow): SsoIssuer {
  return {
    id: row.id,
    organizationId: row.organization_id,
    issuerType: row.issuer_type as SsoIssuer['issuerType'],
    issuerUri: row.issuer_uri,
    issuerClientId: row.client_id,
    issuerCredentialHint: credentialHint(row.client_secret),
    manageRoles: row.manage_roles,
    customRolesClaimName: row.roles_claim_name,
    customRolesRegex: row.roles_regex,
    customPartitionsetsTransform: row.partitionsets_claim_name,
    description: row.description,
    exclusive: row.exclusive,
    exclusiveDomains: row.exclusive_domains,
    grantConsent: row.grant_consent,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
  };
}

/** Enough of a secret to tell two apart, never enough to matter: the last four of a long one, else nothing. */
export function credentialHint(secret: string): string {
  return secret.length >= 16 ? `••••${secret.slice(-4)}` : '••••';
}

/** The row with its client secret unsealed, for the sign-on flow and the hint administrators see. */
function opened(row: SsoIssuerRow): SsoIssuerRow {
  return { ...row, client_secret: openSecret(row.client_secret) };
}
