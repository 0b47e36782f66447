import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Templates, e-mail themes and activity themes (docs/architecture.md § Templates and themes). Every table carries
 * organization_id; a template's url is unique in its organization (importing a name again replaces it).
 *
 * Starter templates are Herald's, not an organization's: `starter_template` holds them (refreshed from the code
 * as the server starts, templates/starter-templates.ts), and a trigger copies them into every organization as it
 * is created, so a new organization's first activity starts from something good whoever creates it (the demo
 * seed, a test factory, an operator's INSERT). Organizations that exist already get them as the server starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE template (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      url text NOT NULL,
      version text NOT NULL,
      hash text NOT NULL,
      description text NOT NULL DEFAULT '',
      code_type text NOT NULL CHECK (code_type IN ('mjml', 'html')),
      production_code text NOT NULL,
      sample jsonb NOT NULL DEFAULT '{}',
      profiles jsonb NOT NULL DEFAULT '[]',
      data_description text NOT NULL DEFAULT '',
      is_starter boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, url)
    );
    CREATE INDEX template_organization_name ON template (organization_id, name, id);

    CREATE TABLE starter_template (
      url text PRIMARY KEY,
      name text NOT NULL,
      version text NOT NULL,
      hash text NOT NULL,
      description text NOT NULL,
      production_code text NOT NULL,
      sample jsonb NOT NULL,
      profiles jsonb NOT NULL,
      data_description text NOT NULL
    );

    CREATE FUNCTION herald_add_starter_templates() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO template (organization_id, name, url, version, hash, description, code_type, production_code,
        sample, profiles, data_description, is_starter)
      SELECT NEW.id, name, url, version, hash, description, 'mjml', production_code, sample, profiles,
        data_description, true
      FROM starter_template
      ON CONFLICT (organization_id, url) DO NOTHING; RETURN NEW; END $$;
    CREATE TRIGGER organization_starter_templates AFTER INSERT ON organization
      FOR EACH ROW EXECUTE FUNCTION herald_add_starter_templates();

    CREATE TABLE theme (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      theme_name text NOT NULL,
      settings jsonb NOT NULL,
      is_locked boolean NOT NULL DEFAULT false,
      is_deleted boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX theme_organization_name ON theme (organization_id, is_deleted, theme_name, id);

    CREATE TABLE activity_theme (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      content text NOT NULL,
      is_deleted boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES user_account(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX activity_theme_organization_name ON activity_theme (organization_id, is_deleted, name, id);
    `,
  );
}
