import { randomBytes } from 'node:crypto';
import { HeraldError, type DomainKind } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { OrganizationDomainRow, SendingDomainKeyRow } from './tables.ts';

/** One claimed domain of the organization, or NotFoundError. */
export async function requireDomain(
  db: Kysely<Database>,
  organizationId: number,
  kind: DomainKind,
  domain: string,
): Promise<OrganizationDomainRow> {
  const row = await db
    .selectFrom('organization_domain')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!row) throw new HeraldError('NotFoundError');
  return row;
}

export function domainsOf(
  db: Kysely<Database>,
  organizationId: number,
  kind: DomainKind,
): Promise<OrganizationDomainRow[]> {
  return db
    .selectFrom('organization_domain')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .orderBy('domain')
    .execute();
}

export function keysOf(
  db: Kysely<Database>,
  organizationId: number,
  domains: readonly string[],
): Promise<SendingDomainKeyRow[]> {
  if (domains.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sending_domain_key')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('domain', 'in', [...domains])
    .orderBy('id', 'desc')
    .execute();
}

/** Whether another organization has verified this domain, of any kind: then it is theirs. */
export async function verifiedElsewhere(
  db: Kysely<Database>,
  organizationId: number,
  domain: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('organization_domain')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('organization_id', '!=', organizationId)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims a domain for the organization, unverified. Serialized per domain so two organizations' claims and
 * checks cannot interleave; refused when another organization has verified it, or when it is already claimed.
 */
export async function claimDomain(
  trx: Kysely<Database>,
  organizationId: number,
  kind: Exclude<DomainKind, 'sso'>,
  domain: string,
  envfrom: string | null,
): Promise<void> {
  await lockDomain(trx, domain);
  if (await verifiedElsewhere(trx, organizationId, domain)) throw new HeraldError('DomainClaimedError');
  const inserted = await trx
    .insertInto('organization_domain')
    .values({ organization_id: organizationId, kind, domain, envfrom })
    .onConflict((conflict) => conflict.doNothing())
    .returning('domain')
    .executeTakeFirst();
  if (!inserted)
    throw new HeraldError('ValidationError', {
      details: [{ path: 'domain', message: 'This domain has already been added' }],
    });
}

export async function lockDomain(trx: Kysely<Database>, domain: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`herald.domain.${domain}`}))`.execute(trx);
}

export async function removeDomain(
  db: Kysely<Database>,
  organizationId: number,
  kind: DomainKind,
  domain: string,
): Promise<void> {
  const removed = await db
    .deleteFrom('organization_domain')
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .where('domain', '=', domain)
    .returning('domain')
    .executeTakeFirst();
  if (!removed) throw new HeraldError('NotFoundError');
}

/**
 * The e-mail domains the organization's enabled identity providers are exclusive for, each with its claim
 * row; a domain seen for the first time gets one with a fresh verification token.
 */
export async function ssoDomainsOf(
  db: Kysely<Database>,
  organizationId: number,
): Promise<Array<{ row: OrganizationDomainRow; issuerIds: number[] }>> {
  const issuers = await db
    .selectFrom('sso_issuer')
    .select(['id', 'exclusive_domains'])
    .where('organization_id', '=', organizationId)
    .where('exclusive', '=', true)
    .where('disabled', '=', false)
    .execute();
  const issuersByDomain = new Map<string, number[]>();
  for (const issuer of issuers)
    for (const domain of issuer.exclusive_domains)
      issuersByDomain.set(domain, [...(issuersByDomain.get(domain) ?? []), issuer.id]);
  if (issuersByDomain.size === 0) return [];
  await db
    .insertInto('organization_domain')
    .values(
      [...issuersByDomain.keys()].map((domain) => ({
        organization_id: organizationId,
        kind: 'sso' as const,
        domain,
        verification_token: randomBytes(18).toString('base64url'),
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const rows = await domainsOf(db, organizationId, 'sso');
  return rows
    .filter((row) => issuersByDomain.has(row.domain))
    .map((row) => ({ row, issuerIds: issuersByDomain.get(row.domain) ?? [] }));
}

/**
 * Keeps organization.domains_config (platform §3, sent to the organization's users) current with what is
 * public: `sending` keyed by domain with its envfrom, selector and status, `tracking` keyed by domain.
 */
export async function writeDomainsConfig(db: Kysely<Database>, organizationId: number): Promise<void> {
  const [organization, sending, tracking] = await Promise.all([
    db
      .selectFrom('organization')
      .select('domains_config')
      .where('id', '=', organizationId)
      .executeTakeFirst(),
    domainsOf(db, organizationId, 'sending'),
    domainsOf(db, organizationId, 'tracking'),
  ]);
  const keys = await keysOf(
    db,
    organizationId,
    sending.map((row) => row.domain),
  );
  const status = (row: OrganizationDomainRow) => (row.verified_at ? 'verified' : 'unverified');
  const config = {
    ...(organization?.domains_config ?? {}),
    sending: Object.fromEntries(
      sending.map((row) => [
        row.domain,
        {
          envfrom: row.envfrom,
          selector: keys.find((key) => key.domain === row.domain && !key.retired_at)?.selector ?? null,
          status: status(row),
        },
      ]),
    ),
    tracking: Object.fromEntries(tracking.map((row) => [row.domain, { status: status(row) }])),
  };
  await db
    .updateTable('organization')
    .set({ domains_config: JSON.stringify(config) })
    .where('id', '=', organizationId)
    .execute();
}
