import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[], string[]>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface SsoTables {
  sso_issuer: SsoIssuerTable;
  sso_identity: SsoIdentityTable;
  sso_pending_login: SsoPendingLoginTable;
  sso_handoff: SsoHandoffTable;
  sso_session: SsoSessionTable;
}

/** An identity provider of one organization (functional §3). */
export interface SsoIssuerTable {
  id: Generated<number>;
  organization_id: number;
  issuer_type: string;
  issuer_uri: string;
  client_id: string;
  /** The client secret. Read only to talk to the issuer; never answered to a client, never logged. */
  client_secret: string;
  manage_roles: boolean;
  roles_claim_name: string | null;
  roles_regex: string | null;
  partitionsets_claim_name: string | null;
  description: string;
  exclusive: boolean;
  /** Lower-case e-mail domains this issuer is exclusive for (one enabled issuer per domain). */
  exclusive_domains: TextArray;
  grant_consent: boolean;
  disabled: boolean;
  created_at: Timestamp;
  disabled_at: Date | null;
}

/** Who a person is at an issuer (its `sub`), linked to their Herald account. */
export interface SsoIdentityTable {
  issuer_id: number;
  subject: string;
  organization_id: number;
  user_id: number;
  created_at: Timestamp;
  last_login_at: Date | null;
}

/**
 * A browser on its way to the issuer: what the callback needs to finish the code exchange. The state is
 * stored hashed; the row is deleted when the callback uses it.
 */
export interface SsoPendingLoginTable {
  state_hash: string;
  issuer_id: number;
  organization_id: number;
  nonce: string;
  code_verifier: string;
  /** SHA-256 of the browser's herald_client cookie: the callback must come from the same browser. */
  client_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The one-time key the callback hands to the web app, turned into a session by completeSsoLogin. */
export interface SsoHandoffTable {
  key_hash: string;
  issuer_id: number;
  organization_id: number;
  user_id: number;
  client_hash: string;
  logout_url: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** Marks a session as signed in through an issuer, with the issuer's logout address for terminateSession. */
export interface SsoSessionTable {
  session_id_hash: string;
  issuer_id: number;
  organization_id: number;
  logout_url: string | null;
  created_at: Timestamp;
}

export type SsoIssuerRow = Selectable<SsoIssuerTable>;
