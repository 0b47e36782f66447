import type { DomainRecord, DomainRecordPurpose } from '@herald/protocol';
import type { Config } from '../config.ts';
import { dkimRecordValue } from './dkim-keys.ts';
import type { OrganizationDomainRow, SendingDomainKeyRow, StoredCheck } from './tables.ts';

/** A record the organization must publish, before any check has looked at it. */
export interface ExpectedRecord {
  purpose: DomainRecordPurpose;
  type: 'TXT' | 'CNAME';
  host: string;
  value: string;
  selector?: string;
}

type Hosts = Pick<Config, 'returnPathHost' | 'trackingHost' | 'spfHost'>;

/**
 * What a sending domain publishes: a DKIM TXT record for every key not retired (both while a rotation runs),
 * the return path's CNAME to Herald's bounce host, and the SPF and DMARC advice (an existing SPF record gets
 * the include added; any DMARC policy counts).
 */
export function sendingRecords(
  domain: Pick<OrganizationDomainRow, 'domain' | 'envfrom'>,
  keys: readonly Pick<SendingDomainKeyRow, 'selector' | 'public_key' | 'retired_at'>[],
  hosts: Hosts,
): ExpectedRecord[] {
  const dkim = keys
    .filter((key) => !key.retired_at)
    .map((key): ExpectedRecord => ({
      purpose: 'dkim',
      type: 'TXT',
      host: `${key.selector}._domainkey.${domain.domain}`,
      value: dkimRecordValue(key.public_key),
      selector: key.selector,
    }));
  return [
    ...dkim,
    {
      purpose: 'returnPath',
      type: 'CNAME',
      host: `${domain.envfrom ?? 'bounce'}.${domain.domain}`,
      value: hosts.returnPathHost,
    },
    { purpose: 'spf', type: 'TXT', host: domain.domain, value: `v=spf1 include:${hosts.spfHost} ~all` },
    {
      purpose: 'dmarc',
      type: 'TXT',
      host: `_dmarc.${domain.domain}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain.domain}`,
    },
  ];
}

/** A tracking domain is a CNAME of the host that answers tracking requests. */
export function trackingRecords(
  domain: Pick<OrganizationDomainRow, 'domain'>,
  hosts: Hosts,
): ExpectedRecord[] {
  return [{ purpose: 'tracking', type: 'CNAME', host: domain.domain, value: hosts.trackingHost }];
}

/** A single sign-on domain proves its owner with a TXT record holding its token. */
export function ownershipRecords(
  domain: Pick<OrganizationDomainRow, 'domain' | 'verification_token'>,
): ExpectedRecord[] {
  return [
    {
      purpose: 'ownership',
      type: 'TXT',
      host: domain.domain,
      value: `herald-verification=${domain.verification_token ?? ''}`,
    },
  ];
}

/** The key a record's check result is stored under: a changed value is a record not yet checked. */
export function recordKey(record: ExpectedRecord): string {
  return `${record.type}|${record.host}|${record.value}`;
}

/** The records with what the last check saw of each. */
export function withStatuses(records: readonly ExpectedRecord[], check: StoredCheck): DomainRecord[] {
  return records.map((record) => {
    const seen = check[recordKey(record)];
    return {
      ...record,
      status: (seen?.status as DomainRecord['status'] | undefined) ?? 'unchecked',
      found: seen?.found ?? [],
    };
  });
}
