import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Tables of the notifications area. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE user_notification (
      id bigserial PRIMARY KEY,
      organization_id integer REFERENCES organization(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('proofs', 'extracts', 'checks', 'approvals', 'sends', 'system')),
      actor_user_id integer REFERENCES user_account(id) ON DELETE SET NULL,
      message_key text NOT NULL,
      message_values jsonb NOT NULL DEFAULT '{}',
      record_type text,
      record_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    );
    CREATE INDEX user_notification_user ON user_notification (user_id, id DESC);
    CREATE INDEX user_notification_tasks ON user_notification (user_id, id DESC) WHERE kind = 'approvals' AND read_at IS NULL;
  `,
  );
}
