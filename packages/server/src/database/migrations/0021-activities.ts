import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Activities and their revisions (docs/architecture.md § Activities). Both carry organization_id, and the foreign
 * keys name it beside the id (campaign and activity gain a unique (organization_id, id) for that), so the
 * database itself refuses an activity of one organization in another's campaign, or a revision in another's
 * activity. A campaign's deletion takes its activities and their revisions with it.
 *
 * The indexes serve the activity list: per organization and id, per campaign, per type, the views (archive
 * flag with updated_at for `recent`, status for `deployed`), the partition rule (GIN), and name search
 * (pg_trgm where it can be created, as campaigns do). Revisions are read per activity, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE campaign ADD CONSTRAINT campaign_organization_id_id UNIQUE (organization_id, id);

    CREATE TABLE activity (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL,
      type text NOT NULL CHECK (type IN ('email', 'sms', 'pushnotification', 'whatsapp', 'web', 'line', 'displayad')),
      name text NOT NULL,
      date timestamptz,
      target text,
      template_url text,
      latest_revision_id integer,
      partition_ids integer[] NOT NULL DEFAULT '{}',
      distribution jsonb NOT NULL DEFAULT '{"type":"broadcast"}',
      send_limit integer CHECK (send_limit > 0),
      throttle integer CHECK (throttle > 0),
      frequency jsonb NOT NULL DEFAULT '{"type":"none"}',
      status text NOT NULL DEFAULT 'draft',
      notes text NOT NULL DEFAULT '',
      approval_reset_at timestamptz,
      is_archived boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      UNIQUE (organization_id, id),
      FOREIGN KEY (organization_id, campaign_id) REFERENCES campaign (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX activity_organization_campaign ON activity (organization_id, campaign_id, id);
    CREATE INDEX activity_organization_type ON activity (organization_id, type, id);
    CREATE INDEX activity_organization_updated ON activity (organization_id, is_archived, updated_at, id);
    CREATE INDEX activity_organization_status ON activity (organization_id, status, id);
    CREATE INDEX activity_partition_ids ON activity USING gin (partition_ids);

    CREATE TABLE activity_revision (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      content jsonb NOT NULL,
      configurations jsonb NOT NULL DEFAULT '[]',
      approval_status text NOT NULL DEFAULT 'none'
        CHECK (approval_status IN ('none', 'requested', 'approved', 'rejected', 'reset')),
      integration_id integer,
      tracking_domain text,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (organization_id, activity_id) REFERENCES activity (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX activity_revision_activity ON activity_revision (organization_id, activity_id, id);
    ALTER TABLE activity ADD CONSTRAINT activity_latest_revision
      FOREIGN KEY (latest_revision_id) REFERENCES activity_revision (id) ON DELETE SET NULL;

    DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX activity_name_trgm ON activity USING gin (name gin_trgm_ops); EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'activity search runs without a trigram index: %', SQLERRM; END $$
    `,
  );
}
