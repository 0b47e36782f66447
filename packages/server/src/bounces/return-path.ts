import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { comparableName } from '../domains/domain-names.ts';

/**
 * VERP (variable envelope return path): the delivery engine sends each message with the envelope sender
 * `bounce+{deliveryId}@{host}`, the host being the sending domain's return path `{envfrom}.{domain}` (envfrom
 * `bounce` when unset, as domains/domain-records.ts publishes it) or, without a sending domain, the product's
 * HERALD_RETURN_PATH_HOST. A DSN that quotes no headers still names the delivery by the address it came to.
 */
export const VERP_LOCAL_PART = 'bounce';
const DEFAULT_ENVFROM = 'bounce';

export function returnPathAddress(deliveryId: number | string, host: string): string {
  return `${VERP_LOCAL_PART}+${deliveryId}@${host}`;
}

/** The delivery id of a VERP address (any local part ending `+{digits}`), or undefined. */
export function deliveryIdOfReturnPath(address: string): number | undefined {
  const localPart = address.slice(0, address.lastIndexOf('@'));
  const match = /\+(\d{1,18})$/.exec(localPart);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Whose return path a host is: an organization's id, `product` for HERALD_RETURN_PATH_HOST, or undefined. */
export type ReturnPathOwner = { organizationId: number } | 'product';

/**
 * The owner of the host an address is at. The listener accepts mail only for these, so it is no relay and
 * a DSN at an organization's return path can only bounce that organization's deliveries.
 */
export async function returnPathOwner(
  db: Kysely<Database>,
  productHost: string,
  address: string,
): Promise<ReturnPathOwner | undefined> {
  const host = comparableName(address.slice(address.lastIndexOf('@') + 1));
  if (!host || !address.includes('@')) return undefined;
  if (host === comparableName(productHost)) return 'product';
  const row = await db
    .selectFrom('organization_domain')
    .select('organization_id')
    .where('kind', '=', 'sending')
    .where('verified_at', 'is not', null)
    .where(sql<string>`coalesce(envfrom, ${DEFAULT_ENVFROM}::text) || '.' || domain`, '=', host)
    .executeTakeFirst();
  return row ? { organizationId: row.organization_id } : undefined;
}
