import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Identity providers per organization, identities at them, and the short-lived state of a sign-on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE sso_issuer (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      issuer_type text NOT NULL DEFAULT 'oidc',
      issuer_uri text NOT NULL,
      client_id text NOT NULL,
      client_secret text NOT NULL,
      manage_roles boolean NOT NULL DEFAULT false,
      roles_claim_name text,
      roles_regex text,
      partitionsets_claim_name text,
      description text NOT NULL DEFAULT '',
      exclusive boolean NOT NULL DEFAULT false,
      exclusive_domains text[] NOT NULL DEFAULT '{}',
      grant_consent boolean NOT NULL DEFAULT false,
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      disabled_at timestamptz,
      UNIQUE (organization_id, id)
    );
    CREATE INDEX sso_issuer_organization ON sso_issuer (organization_id);
    CREATE INDEX sso_issuer_exclusive_domains ON sso_issuer USING gin (exclusive_domains) WHERE exclusive AND NOT disabled;
    CREATE TABLE sso_identity (
      issuer_id integer NOT NULL,
      subject text NOT NULL,
      organization_id integer NOT NULL,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      PRIMARY KEY (issuer_id, subject),
      FOREIGN KEY (organization_id, issuer_id) REFERENCES sso_issuer (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sso_identity_user ON sso_identity (user_id);
    CREATE TABLE sso_pending_login (
      state_hash text PRIMARY KEY,
      issuer_id integer NOT NULL,
      organization_id integer NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      client_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      FOREIGN KEY (organization_id, issuer_id) REFERENCES sso_issuer (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sso_pending_login_expires ON sso_pending_login (expires_at);
    CREATE TABLE sso_handoff (
      key_hash text PRIMARY KEY,
      issuer_id integer NOT NULL,
      organization_id integer NOT NULL,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      client_hash text NOT NULL,
      logout_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      FOREIGN KEY (organization_id, issuer_id) REFERENCES sso_issuer (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sso_handoff_expires ON sso_handoff (expires_at);
    CREATE TABLE sso_session (
      session_id_hash text PRIMARY KEY REFERENCES user_session(id_hash) ON DELETE CASCADE,
      issuer_id integer NOT NULL,
      organization_id integer NOT NULL,
      logout_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (organization_id, issuer_id) REFERENCES sso_issuer (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sso_session_issuer ON sso_session (issuer_id);
  `,
  );
}
