import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** The audit log: who did what, when, from where. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      organization_id integer REFERENCES organization(id) ON DELETE CASCADE,
      actor_user_id integer REFERENCES user_account(id) ON DELETE SET NULL,
      subject_user_id integer REFERENCES user_account(id) ON DELETE SET NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      remote_address text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_organization ON audit_log (organization_id, id DESC);
    CREATE INDEX audit_log_actor ON audit_log (actor_user_id, id DESC);
  `,
  );
}
