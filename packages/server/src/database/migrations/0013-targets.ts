import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Target expressions (issue 6): the tables their conditions read besides subscriber and list_membership.
 * - Events: an event condition asks "did this subscriber open (this campaign's activities) within 30 days",
 *   a probe per subscriber that (subscriber_id, kind, occurred_at) answers from the index alone; the
 *   (subscriber_id, occurred_at) index stays for the profile's timeline. campaign_id lets a condition name a
 *   campaign without joining activities.
 * - audience and its members: an audience is a target expression whose matching subscribers a job writes
 *   to audience_member (the "generation" of functional §3), with its size per day for the report.
 * - tag and subscriber_tag; targeting_rule, one per organization and channel type.
 * Membership tables carry organization_id like list_membership, and no foreign keys (see 0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE subscriber_event ADD COLUMN campaign_id integer;
    CREATE INDEX subscriber_event_kind ON subscriber_event (subscriber_id, kind, occurred_at);
    CREATE TABLE audience (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      target jsonb NOT NULL,
      status text NOT NULL DEFAULT 'in-queue',
      size integer,
      error text,
      is_archived boolean NOT NULL DEFAULT false,
      partition_ids integer[] NOT NULL DEFAULT '{}',
      generated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX audience_organization ON audience (organization_id, id);
    CREATE TABLE audience_member (
      audience_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      organization_id integer NOT NULL,
      PRIMARY KEY (audience_id, subscriber_id)
    );
    CREATE TABLE audience_size_day (
      audience_id integer NOT NULL,
      day date NOT NULL,
      size integer NOT NULL,
      PRIMARY KEY (audience_id, day)
    );
    CREATE TABLE tag (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      is_archived boolean NOT NULL DEFAULT false,
      stats jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX tag_name ON tag (organization_id, lower(name));
    CREATE TABLE subscriber_tag (
      tag_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      organization_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tag_id, subscriber_id)
    );
    CREATE INDEX subscriber_tag_subscriber ON subscriber_tag (subscriber_id);
    CREATE TABLE targeting_rule (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      channel_type text NOT NULL,
      is_enabled boolean NOT NULL DEFAULT false,
      target jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      UNIQUE (organization_id, channel_type)
    );
  `,
  );
}
