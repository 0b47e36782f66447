import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Two-factor secrets, recovery codes and pending set-ups; the sign-in throttle's counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE user_two_factor (
      user_id integer PRIMARY KEY REFERENCES user_account(id) ON DELETE CASCADE,
      secret text NOT NULL,
      last_used_step integer,
      enabled_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE two_factor_recovery_code (
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    );
    CREATE TABLE two_factor_pending (
      session_id_hash text PRIMARY KEY REFERENCES user_session(id_hash) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX two_factor_pending_user ON two_factor_pending (user_id);
    CREATE TABLE sign_in_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      last_failure_at timestamptz NOT NULL,
      blocked_until timestamptz
    );
    CREATE INDEX sign_in_throttle_last_failure ON sign_in_throttle (last_failure_at);
  `,
  );
}
