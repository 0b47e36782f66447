import type { ColumnType, Generated } from 'kysely';
import type { MailTables } from '../mail/tables.ts';

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface AccountsTables extends MailTables {
  account_code: AccountCodeTable;
}

export type AccountCodePurpose = 'signUp' | 'passwordReset';

/**
 * A one-time code mailed to prove an address (sign-up, password reset). Only its argon2 hash is kept; it
 * works once, until expires_at, and dies after a handful of wrong entries.
 */
export interface AccountCodeTable {
  id: Generated<number>;
  user_id: number;
  purpose: AccountCodePurpose;
  code_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  failed_attempts: Generated<number>;
  /** When it was used, or replaced by a newer code, or burnt by wrong entries; null while it can be used. */
  consumed_at: Date | null;
}
