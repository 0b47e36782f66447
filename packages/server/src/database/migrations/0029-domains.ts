import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Domains an organization claims (sending, tracking, and single sign-on domains marked exclusive), with the
 * DNS proof that makes each one verified, and the DKIM keys of its sending domains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE organization_domain (
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('sending', 'tracking', 'sso')),
      domain text NOT NULL,
      envfrom text,
      verification_token text,
      created_at timestamptz NOT NULL DEFAULT now(),
      verified_at timestamptz,
      last_checked_at timestamptz,
      last_check jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (organization_id, kind, domain)
    );
    CREATE UNIQUE INDEX organization_domain_verified ON organization_domain (kind, domain) WHERE verified_at IS NOT NULL;
    CREATE INDEX organization_domain_domain ON organization_domain (domain);
    CREATE TABLE sending_domain_key (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL,
      kind text NOT NULL DEFAULT 'sending' CHECK (kind = 'sending'),
      domain text NOT NULL,
      selector text NOT NULL,
      private_key text NOT NULL,
      public_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      verified_at timestamptz,
      retired_at timestamptz,
      UNIQUE (organization_id, domain, selector),
      FOREIGN KEY (organization_id, kind, domain) REFERENCES organization_domain (organization_id, kind, domain) ON DELETE CASCADE
    );
  `,
  );
}
