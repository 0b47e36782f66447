import type { DomainKind, SendingDomain, SsoDomain, TrackingDomain } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../database/schema.ts';
import { checkRecords, domainResolver } from './dns-check.ts';
import {
  recordKey,
  ownershipRecords,
  sendingRecords,
  trackingRecords,
  type ExpectedRecord,
} from './domain-records.ts';
import { keysOf, lockDomain, requireDomain, ssoDomainsOf, verifiedElsewhere } from './domain-store.ts';
import { sendingDomainView, ssoDomainView, trackingDomainView } from './domain-views.ts';
import type { StoredCheck } from './tables.ts';

/**
 * Check now: looks up every record of the domain, stores what was seen, and verifies what the proof shows —
 * a sending domain by a DKIM record of one of its keys, a tracking domain by its CNAME to the tracking host,
 * a single sign-on domain by its `herald-verification` TXT record. A domain another organization verified
 * first stays unverified here. Once verified, a domain stays so: its ownership was seen (a record removed
 * later shows as missing in the next check).
 */
export async function checkDomain(
  db: Kysely<Database>,
  config: Config,
  organizationId: number,
  kind: DomainKind,
  domain: string,
): Promise<SendingDomain | TrackingDomain | SsoDomain> {
  if (kind === 'sso') await ssoDomainsOf(db, organizationId);
  const row = await requireDomain(db, organizationId, kind, domain);
  const keys = kind === 'sending' ? await keysOf(db, organizationId, [domain]) : [];
  const records: ExpectedRecord[] =
    kind === 'sending'
      ? sendingRecords(row, keys, config)
      : kind === 'tracking'
        ? trackingRecords(row, config)
        : ownershipRecords(row);
  const results = await checkRecords(domainResolver(config.dnsServers), records);
  const stored: StoredCheck = Object.fromEntries(
    records.map((record, index) => [recordKey(record), results[index] ?? { status: 'failed', found: [] }]),
  );
  const proven = records.filter(
    (record, index) =>
      results[index]?.status === 'ok' && ['dkim', 'tracking', 'ownership'].includes(record.purpose),
  );
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    await lockDomain(trx, domain);
    const provenSelectors = proven.flatMap((record) => (record.selector ? [record.selector] : []));
    if (provenSelectors.length > 0)
      await trx
        .updateTable('sending_domain_key')
        .set({ verified_at: now })
        .where('organization_id', '=', organizationId)
        .where('domain', '=', domain)
        .where('selector', 'in', provenSelectors)
        .where('verified_at', 'is', null)
        .execute();
    const verifies =
      proven.length > 0 && !row.verified_at && !(await verifiedElsewhere(trx, organizationId, domain));
    await trx
      .updateTable('organization_domain')
      .set({
        last_checked_at: now,
        last_check: JSON.stringify(stored),
        ...(verifies ? { verified_at: now } : {}),
      })
      .where('organization_id', '=', organizationId)
      .where('kind', '=', kind)
      .where('domain', '=', domain)
      .execute();
  });

  const checked = await requireDomain(db, organizationId, kind, domain);
  if (kind === 'sending')
    return sendingDomainView(checked, await keysOf(db, organizationId, [domain]), config);
  if (kind === 'tracking') return trackingDomainView(checked, config);
  const sso = (await ssoDomainsOf(db, organizationId)).find((entry) => entry.row.domain === domain);
  return ssoDomainView(checked, sso?.issuerIds ?? []);
}
