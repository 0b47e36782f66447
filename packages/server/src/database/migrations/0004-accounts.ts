import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Tables of the accounts area: the one-time codes of sign-up and password reset, and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE account_code (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      purpose text NOT NULL,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    );
    CREATE INDEX account_code_user ON account_code (user_id, created_at);
    CREATE TABLE outbox (
      id serial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    );
  `,
  );
}
