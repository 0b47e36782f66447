import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface CredentialsTables {
  credential: CredentialTable;
}

/** One credential of an organization's vault (migration 0030). */
export interface CredentialTable {
  id: Generated<number>;
  organization_id: number;
  /** A key of CREDENTIAL_TYPES (the contract). */
  type: string;
  alias: string;
  /** The values that are not secret, by field name. */
  fields: Json<Record<string, string>>;
  /** The secret values as one sealed JSON object; opened only to use them (openCredential), never answered. */
  secrets: string;
  /** What an administrator sees of each secret: a mask and its last four characters. */
  secret_hints: Json<Record<string, string>>;
  created_at: Timestamp;
  modified_at: Timestamp;
  /** When the server last opened the secrets for use (a connection test, a send). */
  last_accessed_at: Date | null;
}
