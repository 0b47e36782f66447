import type { ColumnType } from 'kysely';
import type { SignInThrottleTables } from '../sessions/sign-in-throttle-table.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * Tables of this area, merged into the Database interface (database/schema.ts). The sign-in throttle's
 * counters come along: they are made by the same migration (0003).
 */
export interface TwoFactorTables extends SignInThrottleTables {
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_code: TwoFactorRecoveryCodeTable;
  two_factor_pending: TwoFactorPendingTable;
}

/** A user's active TOTP secret; the row exists exactly while user_account.otp_enabled is true. */
export interface UserTwoFactorTable {
  user_id: number;
  /** Base32, as authenticator apps take it. It must be readable to check codes, so it cannot be hashed. */
  secret: string;
  /** The RFC 6238 time step of the last code accepted: that code and every earlier one are refused. */
  last_used_step: number | null;
  enabled_at: Timestamp;
}

/** One recovery code, by its SHA-256 (the codes carry 50 random bits, so no slow hash is needed). */
export interface TwoFactorRecoveryCodeTable {
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** A secret generateOTP handed out and enableOTP may turn on, kept against the session that asked. */
export interface TwoFactorPendingTable {
  session_id_hash: string;
  user_id: number;
  secret: string;
  created_at: Timestamp;
}
