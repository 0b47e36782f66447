import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Organizations, partitions, users, their access per organization, and sessions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE organization (
      id serial PRIMARY KEY,
      name text NOT NULL,
      hostname text,
      theme text,
      logo_uri text,
      settings jsonb NOT NULL DEFAULT '{}',
      domains_config jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE partition_set (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, name)
    );
    CREATE TABLE partition (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      partition_set_id integer REFERENCES partition_set(id) ON DELETE SET NULL,
      name text NOT NULL,
      external_ref text,
      custom_fields jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX partition_organization ON partition (organization_id);
    CREATE TABLE user_account (
      id serial PRIMARY KEY,
      email text NOT NULL,
      phone text,
      password_hash text,
      settings jsonb NOT NULL DEFAULT '{}',
      otp_enabled boolean NOT NULL DEFAULT false,
      must_change_password boolean NOT NULL DEFAULT false,
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    );
    CREATE UNIQUE INDEX user_account_email ON user_account (lower(email));
    CREATE TABLE organization_access (
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      roles text[] NOT NULL DEFAULT '{}',
      partitionsets integer[] NOT NULL DEFAULT '{}',
      valid_from timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, organization_id)
    );
    CREATE INDEX organization_access_organization ON organization_access (organization_id);
    CREATE TABLE user_session (
      id_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES user_account(id) ON DELETE CASCADE,
      client_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      idle_expires_at timestamptz NOT NULL,
      absolute_expires_at timestamptz NOT NULL,
      ended_at timestamptz
    );
    CREATE INDEX user_session_user ON user_session (user_id);
  `,
  );
}
