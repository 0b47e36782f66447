import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Tables of the campaigns area. Every row carries organization_id; the query engine filters by the
 * connection's organization. `version` grows by one on each update so a stale write can be refused.
 * The indexes serve the campaign list: per organization, filtered by archive flag and dates, sorted by
 * start date or id (end_date included so status counts are index-only scans); partition_ids has a GIN
 * index for partition-restricted users. Text search (case-insensitive contains) uses pg_trgm indexes where
 * the extension can be created; 0010 adds them where this could not (the embedded PGlite before it loaded pg_trgm).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE campaign (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      start_date date NOT NULL,
      end_date date,
      details text NOT NULL DEFAULT '',
      notes text NOT NULL DEFAULT '',
      partition_ids integer[] NOT NULL DEFAULT '{}',
      is_archived boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      CHECK (end_date IS NULL OR end_date >= start_date)
    );
    CREATE INDEX campaign_organization_id ON campaign (organization_id, id);
    CREATE INDEX campaign_organization_start ON campaign (organization_id, is_archived, start_date, id) INCLUDE (end_date);
    CREATE INDEX campaign_organization_end ON campaign (organization_id, is_archived, end_date, id);
    CREATE INDEX campaign_organization_updated ON campaign (organization_id, updated_at, id);
    CREATE INDEX campaign_partition_ids ON campaign USING gin (partition_ids);
    DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX campaign_name_trgm ON campaign USING gin (name gin_trgm_ops); CREATE INDEX campaign_details_trgm ON campaign USING gin (details gin_trgm_ops); EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'campaign search runs without trigram indexes: %', SQLERRM; END $$
    `,
  );
}
