import type { SendingDomain, SsoDomain, TrackingDomain } from '@herald/protocol';
import type { Config } from '../config.ts';
import { ownershipRecords, sendingRecords, trackingRecords, withStatuses } from './domain-records.ts';
import type { OrganizationDomainRow, SendingDomainKeyRow } from './tables.ts';

type Hosts = Pick<Config, 'returnPathHost' | 'trackingHost' | 'spfHost'>;

/** Dates as the contract answers them. */
function iso(date: Date | string | null): string | null {
  return date ? new Date(date).toISOString() : null;
}

function claimedFields(row: OrganizationDomainRow) {
  return {
    domain: row.domain,
    status: row.verified_at ? ('verified' as const) : ('unverified' as const),
    createdAt: new Date(row.created_at).toISOString(),
    verifiedAt: iso(row.verified_at),
    checkedAt: iso(row.last_checked_at),
  };
}

/** Keys not retired first, newest first within each group. */
export function orderedKeys(keys: readonly SendingDomainKeyRow[]): SendingDomainKeyRow[] {
  return [...keys].sort(
    (a, b) => Number(a.retired_at !== null) - Number(b.retired_at !== null) || b.id - a.id,
  );
}

/** A sending domain as administrators see it: its records and keys, never a private key. */
export function sendingDomainView(
  row: OrganizationDomainRow,
  keys: readonly SendingDomainKeyRow[],
  hosts: Hosts,
): SendingDomain {
  const ordered = orderedKeys(keys);
  return {
    ...claimedFields(row),
    envfrom: row.envfrom ?? '',
    selector: ordered[0]?.selector ?? '',
    keys: ordered.map((key) => ({
      selector: key.selector,
      createdAt: new Date(key.created_at).toISOString(),
      verifiedAt: iso(key.verified_at),
      retiredAt: iso(key.retired_at),
    })),
    records: withStatuses(sendingRecords(row, ordered, hosts), row.last_check),
  };
}

export function trackingDomainView(row: OrganizationDomainRow, hosts: Hosts): TrackingDomain {
  return { ...claimedFields(row), records: withStatuses(trackingRecords(row, hosts), row.last_check) };
}

export function ssoDomainView(row: OrganizationDomainRow, issuerIds: number[]): SsoDomain {
  return { ...claimedFields(row), issuerIds, records: withStatuses(ownershipRecords(row), row.last_check) };
}
