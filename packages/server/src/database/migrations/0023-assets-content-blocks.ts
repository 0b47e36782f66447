import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Assets, content blocks and activities' partition content (docs/architecture.md § Assets and content blocks).
 * Every table carries organization_id and its foreign keys name it beside the id, so the database itself refuses
 * one organization's partition content in another's activity or partition (partition gains a unique
 * (organization_id, id) for that, unless another migration gave it one already).
 *
 * An asset's bytes live in the database (`content bytea`, at most 10 MB): an asset is stored or not in one
 * transaction with its record, every server process on one PostgreSQL serves it, and a backup of the database
 * holds it. The resource's select list never reads the column; only the serving route does. `preview_key` is a
 * random key that lets the console show an unpublished asset (getAssetPreviewUrl).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DO $$ BEGIN ALTER TABLE partition ADD CONSTRAINT partition_organization_id_id UNIQUE (organization_id, id); EXCEPTION WHEN duplicate_object OR duplicate_table THEN NULL; END $$;

    CREATE TABLE asset (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('image', 'html')),
      file_type text NOT NULL CHECK (file_type IN ('png', 'jpeg', 'gif', 'webp', 'svg', 'html')),
      file_name text NOT NULL,
      size integer NOT NULL CHECK (size >= 0 AND size <= 10485760),
      sha256 text NOT NULL,
      content bytea NOT NULL,
      preview_key text NOT NULL,
      alt_text text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      device_type text NOT NULL DEFAULT 'all' CHECK (device_type IN ('all', 'desktop', 'mobile')),
      is_published boolean NOT NULL DEFAULT false,
      is_archived boolean NOT NULL DEFAULT false,
      partition_ids integer[] NOT NULL DEFAULT '{}',
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      UNIQUE (organization_id, id)
    );
    CREATE INDEX asset_organization_view ON asset (organization_id, is_archived, is_published, id);
    CREATE INDEX asset_partition_ids ON asset USING gin (partition_ids);

    CREATE TABLE content_block (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      format text NOT NULL DEFAULT 'html' CHECK (format IN ('html', 'mjml')),
      content text NOT NULL DEFAULT '',
      tags text[] NOT NULL DEFAULT '{}',
      is_published boolean NOT NULL DEFAULT false,
      target text,
      partition_ids integer[] NOT NULL DEFAULT '{}',
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      UNIQUE (organization_id, id)
    );
    CREATE INDEX content_block_organization_published ON content_block (organization_id, is_published, name, id);
    CREATE INDEX content_block_partition_ids ON content_block USING gin (partition_ids);

    CREATE TABLE activity_partition_content (
      organization_id integer NOT NULL,
      activity_id integer NOT NULL,
      partition_id integer NOT NULL,
      asset_optins integer[] NOT NULL DEFAULT '{}',
      lsm jsonb NOT NULL DEFAULT '[]',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, activity_id, partition_id),
      FOREIGN KEY (organization_id, activity_id) REFERENCES activity (organization_id, id) ON DELETE CASCADE,
      FOREIGN KEY (organization_id, partition_id) REFERENCES partition (organization_id, id) ON DELETE CASCADE
    );
    `,
  );
}
