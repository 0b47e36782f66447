import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type DomainKind = 'sending' | 'tracking' | 'sso';

/** What the last DNS check saw of each record, keyed by `type|host|value` (domain-records.ts). */
export type StoredCheck = Record<string, { status: string; found: string[] }>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface DomainsTables {
  organization_domain: OrganizationDomainTable;
  sending_domain_key: SendingDomainKeyTable;
}

/** A domain one organization claims; it is its own only once `verified_at` is set by a DNS check. */
export interface OrganizationDomainTable {
  organization_id: number;
  kind: DomainKind;
  /** Lower case, IDN in punycode (domain-names.ts). */
  domain: string;
  /** Sending domains: the return-path label, `{envfrom}.{domain}`. */
  envfrom: string | null;
  /** Single sign-on domains: the value of the `herald-verification=` TXT record to publish. */
  verification_token: string | null;
  created_at: Timestamp;
  verified_at: Date | null;
  last_checked_at: Date | null;
  last_check: Json<StoredCheck>;
}

/** One DKIM key of a sending domain; several while a rotation publishes both. */
export interface SendingDomainKeyTable {
  id: Generated<number>;
  organization_id: number;
  kind: ColumnType<'sending', 'sending' | undefined, never>;
  domain: string;
  selector: string;
  /** The PEM private key sealed with the vault; never answered to a client, never logged. */
  private_key: string;
  /** The public key, base64 of its DER (SubjectPublicKeyInfo), as the DKIM record's `p=`. */
  public_key: string;
  created_at: Timestamp;
  /** When a check first saw this key's TXT record published. */
  verified_at: Date | null;
  retired_at: Date | null;
}

export type OrganizationDomainRow = Selectable<OrganizationDomainTable>;
export type SendingDomainKeyRow = Selectable<SendingDomainKeyTable>;
