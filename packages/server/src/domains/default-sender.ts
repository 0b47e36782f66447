import { addressDomain, DEFAULT_ENVFROM, defaultSenderOf } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/**
 * Return-path labels that count as the default (functional §9: "default or {product}-like defaults"): none
 * at all, the add form's `bounce` (DEFAULT_ENVFROM), the product's own name, and the two joined (`herald-bounce`,
 * `bounces.herald`). Every other value is custom.
 */
const PRODUCT_LIKE_LABEL = new RegExp(
  `^(?:herald|${DEFAULT_ENVFROM}s?)(?:[-_]?(?:herald|${DEFAULT_ENVFROM}s?))*$`,
);

/** Whether a sending domain's envfrom is set to something other than a default (that is, any custom value). */
export function isCustomEnvfrom(envfrom: string | null): boolean {
  const labels = (envfrom ?? '').trim().toLowerCase();
  if (!labels) return false;
  return !labels.split('.').every((label) => PRODUCT_LIKE_LABEL.test(label));
}

/**
 * The domain an organization's mail goes from (functional §9, the default sender rule). Herald reads the spec's
 * line thus: mail goes from the shared product domain unless the organization has a sending domain of its own
 * that is verified (its DNS proof seen) and whose envfrom is custom; a default envfrom means the
 * return path was never set up, so the product's domain, whose bounces Herald handles, stays the sender.
 * When settings name a default sender, its address's domain decides: that domain if it qualifies, else the
 * product domain. Without one, the first qualifying domain (alphabetically) is used.
 */
export async function defaultSenderDomain(
  db: Kysely<Database>,
  organizationId: number,
  productMailDomain: string,
): Promise<string> {
  const [organization, domains] = await Promise.all([
    db.selectFrom('organization').select('settings').where('id', '=', organizationId).executeTakeFirst(),
    verifiedSendingDomains(db, organizationId),
  ]);
  const own = domains.filter((row) => isCustomEnvfrom(row.envfrom)).map((row) => row.domain);
  const sender = defaultSenderOf(organization?.settings);
  if (sender) {
    const domain = addressDomain(sender.fromAddress);
    return own.includes(domain) ? domain : productMailDomain;
  }
  return own[0] ?? productMailDomain;
}

/** The organization's sending domains whose DNS proof has been seen, by name. */
export function verifiedSendingDomains(
  db: Kysely<Database>,
  organizationId: number,
): Promise<Array<{ domain: string; envfrom: string | null }>> {
  return db
    .selectFrom('organization_domain')
    .select(['domain', 'envfrom'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'sending')
    .where('verified_at', 'is not', null)
    .orderBy('domain')
    .execute();
}
