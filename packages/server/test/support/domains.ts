import type { TestHerald } from './herald.ts';

/**
 * Records that an organization proved it owns a domain, as a DNS check would, for tests whose subject is
 * something else (the sign-on flow): test/domains.test.ts proves the check itself. A domain another
 * organization already verified is left theirs.
 */
export async function markDomainVerified(
  herald: TestHerald,
  organizationId: number,
  kind: 'sending' | 'tracking' | 'sso',
  domains: readonly string[],
): Promise<void> {
  for (const domain of domains) {
    await herald.database.db
      .insertInto('organization_domain')
      .values({ organization_id: organizationId, kind, domain, verified_at: new Date() })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await herald.database.db
      .updateTable('organization_domain')
      .set({ verified_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('kind', '=', kind)
      .where('domain', '=', domain)
      .where('verified_at', 'is', null)
      .execute();
  }
}
