import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * WhatsApp message templates (functional §4; docs/architecture.md § Channel editors): the organization's copy of
 * the templates its WhatsApp provider approved or is reviewing, with their state. A template is named by the
 * provider's name and language, unique together in the organization; the state is one of
 * WHATSAPP_TEMPLATE_STATUSES. Read sorted by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE whatsapp_template (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
      name text NOT NULL,
      language text NOT NULL,
      category text NOT NULL DEFAULT 'marketing' CHECK (category IN ('marketing', 'utility', 'authentication')),
      header text NOT NULL DEFAULT '',
      body text NOT NULL,
      footer text NOT NULL DEFAULT '',
      buttons jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'received', 'paused', 'disabled')),
      status_reason text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      UNIQUE (organization_id, id),
      UNIQUE (organization_id, name, language)
    );
    CREATE INDEX whatsapp_template_organization_status ON whatsapp_template (organization_id, status, id);
    `,
  );
}
