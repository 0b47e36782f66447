import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Target expressions (docs/target-expressions.md): the tables their conditions read besides subscriber and
 * list_membership.
 * - Events: "opened within 30 days" over a large organization is best answered by reading that range of
 *   (organization_id, kind, occurred_at) once and hashing the subscriber ids, which the index now carries
 *   (INCLUDE) so the heap is not read: 1.1 s → 0.35 s for 1M subscribers and 10M events on PostgreSQL. A
 *   small candidate set still probes (subscriber_id, occurred_at) per subscriber. campaign_id lets a
 *   condition name a campaign without joining activities.
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
    DROP INDEX subscriber_event_organization;
    CREATE INDEX subscriber_event_organization ON subscriber_event (organization_id, kind, occurred_at)
      INCLUDE (subscriber_id);
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
