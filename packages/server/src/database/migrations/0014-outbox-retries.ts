import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Mail that SMTP refused is tried again (mail/mail-retries.ts): how many times it was tried, and when it is
 * next due (null when it was sent, is not retried any more, or no SMTP server is configured).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
    CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
  `,
  );
}
