import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The credentials vault (docs/architecture.md § Credentials and providers): an organization's credentials for its
 * providers. The values that are not secret (a host, a port, an account name, a base URL) are kept readable in
 * `fields`; the secret ones together as one sealed JSON object in `secrets` (vault/secret-box.ts), with what an
 * administrator may see of each (a mask and the last four characters) in `secret_hints`, so listing never opens a
 * secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE credential (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
      type text NOT NULL,
      alias text NOT NULL,
      fields jsonb NOT NULL DEFAULT '{}',
      secrets text NOT NULL,
      secret_hints jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      modified_at timestamptz NOT NULL DEFAULT now(),
      last_accessed_at timestamptz
    );
    CREATE INDEX credential_organization ON credential (organization_id, id);
    `,
  );
}
