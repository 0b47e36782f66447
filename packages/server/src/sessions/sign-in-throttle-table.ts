import type { ColumnType } from 'kysely';

export interface SignInThrottleTables {
  sign_in_throttle: SignInThrottleTable;
  trusted_browser: TrustedBrowserTable;
}

/** A browser whose person proved they own the account's mailbox (migration 0017). */
export interface TrustedBrowserTable {
  user_id: number;
  client_hash: string;
  trusted_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * One throttle counter (an account, an address, a known browser, a user's two-factor codes), in the database
 * so every server process sees the same counts.
 */
export interface SignInThrottleTable {
  /** What is counted: `account:<e-mail>`, `address:<network>`, `device:<user>:<cookie hash>`, `twoFactor:<user>`. */
  key: string;
  /** Attempts that have not (yet) proved the password or code, since the counter was last forgotten. */
  failures: number;
  last_failure_at: ColumnType<Date, Date, Date>;
  /** No attempt is taken before this time. */
  blocked_until: Date | null;
}
