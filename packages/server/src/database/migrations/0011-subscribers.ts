import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Subscribers, lists and their memberships, interaction history, custom fields, jobs, uploads and extracts.
 *
 * The high-volume tables (subscriber, list_membership, subscriber_event) carry no foreign keys to each
 * other: an import writes millions of rows, each key check costs a lookup, and nothing here deletes a
 * subscriber or a list (they are anonymized and archived), so there is nothing to cascade. Every row still
 * carries its organization_id, which every query filters by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE subscriber (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      email text,
      ref text,
      title text,
      firstname text,
      lastname text,
      gender text,
      dob date,
      phone text,
      address text,
      address2 text,
      address3 text,
      suburb text,
      state text,
      postcode text,
      country text,
      cluster_id integer,
      notifications text,
      resume_date date,
      extra jsonb NOT NULL DEFAULT '{}',
      custom jsonb NOT NULL DEFAULT '{}',
      partition_ids integer[] NOT NULL DEFAULT '{}',
      is_invalid boolean NOT NULL DEFAULT false,
      is_unsubscribed boolean NOT NULL DEFAULT false,
      scores jsonb NOT NULL DEFAULT '{}',
      source_name text,
      anonymized_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX subscriber_email ON subscriber (organization_id, lower(email)) WHERE email IS NOT NULL;
    CREATE UNIQUE INDEX subscriber_ref ON subscriber (organization_id, ref) WHERE ref IS NOT NULL;
    CREATE INDEX subscriber_lastname ON subscriber (organization_id, lastname, id);
    CREATE INDEX subscriber_country ON subscriber (organization_id, country, id);
    CREATE TABLE subscriber_list (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      list_type text NOT NULL DEFAULT 'standard',
      is_archived boolean NOT NULL DEFAULT false,
      partition_ids integer[] NOT NULL DEFAULT '{}',
      subscriber_count integer NOT NULL DEFAULT 0,
      contactable_count integer NOT NULL DEFAULT 0,
      unsubscribed_count integer NOT NULL DEFAULT 0,
      invalid_count integer NOT NULL DEFAULT 0,
      stats_updated_at timestamptz,
      last_updated timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX subscriber_list_organization ON subscriber_list (organization_id, id);
    CREATE TABLE list_membership (
      list_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      organization_id integer NOT NULL,
      is_list_unsubscribed boolean NOT NULL DEFAULT false,
      list_option text,
      source_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (list_id, subscriber_id)
    );
    CREATE INDEX list_membership_subscriber ON list_membership (subscriber_id);
    CREATE TABLE list_stats_day (
      list_id integer NOT NULL,
      organization_id integer NOT NULL,
      day date NOT NULL,
      subscribers integer NOT NULL,
      contactable integer NOT NULL,
      unsubscribed integer NOT NULL,
      invalid integer NOT NULL,
      PRIMARY KEY (list_id, day)
    );
    CREATE TABLE subscriber_event (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      kind text NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      activity_id integer,
      list_id integer,
      details jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX subscriber_event_subscriber ON subscriber_event (subscriber_id, occurred_at DESC);
    CREATE INDEX subscriber_event_organization ON subscriber_event (organization_id, kind, occurred_at);
    CREATE TABLE custom_field (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      type text NOT NULL,
      field text NOT NULL,
      group_name text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      schema jsonb NOT NULL DEFAULT '{"dataType":"text"}',
      validation_regex text,
      calculation jsonb NOT NULL DEFAULT '{"kind":"static"}',
      stats jsonb,
      is_archived boolean NOT NULL DEFAULT false,
      is_deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX custom_field_name ON custom_field (organization_id, type, lower(field)) WHERE NOT is_deleted;
    CREATE TABLE job (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      name text NOT NULL DEFAULT '',
      params jsonb NOT NULL DEFAULT '{}',
      progress_done bigint NOT NULL DEFAULT 0,
      progress_total bigint,
      result jsonb,
      error jsonb,
      checkpoint jsonb,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      approval_required boolean NOT NULL DEFAULT false,
      approved_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      approved_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      locked_by text,
      heartbeat_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX job_organization ON job (organization_id, id DESC);
    CREATE INDEX job_waiting ON job (status, id) WHERE status IN ('queued', 'running');
    CREATE TABLE import_rejection (
      job_id integer NOT NULL REFERENCES job(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      reason text NOT NULL,
      PRIMARY KEY (job_id, row_number)
    );
    CREATE TABLE upload (
      id text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      user_id integer REFERENCES user_account(id) ON DELETE SET NULL,
      file_name text NOT NULL,
      file_type text NOT NULL,
      encoding text NOT NULL,
      size bigint NOT NULL,
      path text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE extract_file (
      name text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      job_id integer REFERENCES job(id) ON DELETE SET NULL,
      path text NOT NULL,
      size bigint NOT NULL,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
  `,
  );
}
