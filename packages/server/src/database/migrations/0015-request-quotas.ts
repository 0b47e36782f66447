import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Requests anyone may make without signing in, counted per network in fixed windows (sessions/request-quota.ts):
 * sign-ups and single sign-on starts each write rows and may send mail, so one network cannot make them
 * without bound. In the database, so that several server processes share the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE request_quota (
      key text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      used integer NOT NULL
    );
    CREATE INDEX request_quota_window ON request_quota (window_started_at);
  `,
  );
}
