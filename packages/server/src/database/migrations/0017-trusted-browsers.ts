import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Browsers that proved their person owns an account's mailbox (a password reset by mailed code): for sign-in
 * throttling they count as known to the account, like one that signed in before, so someone guessing at the
 * account cannot keep its owner out (sessions/sign-in.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE trusted_browser (
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      client_hash text NOT NULL,
      trusted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, client_hash)
    );
  `,
  );
}
