import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The web channel (docs/architecture.md § The web channel): on-site messages that a small script on the
 * organization's site fetches for an identified subscriber (web-channel/routes.ts). The engine's web transport
 * writes one row per delivery (unique, so a repeated send writes none); the script reports it shown (`shown_at`,
 * the impression) and closed (`dismissed_at`). A message is offered for 30 days. The site key in the
 * organization's settings finds the organization on every public request, hence its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE web_message (
      id bigserial PRIMARY KEY,
      organization_id integer NOT NULL,
      delivery_id bigint NOT NULL UNIQUE,
      activity_id integer NOT NULL,
      subscriber_id integer NOT NULL,
      html text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days',
      shown_at timestamptz,
      dismissed_at timestamptz
    );
    CREATE INDEX web_message_waiting ON web_message (organization_id, subscriber_id, created_at DESC)
      WHERE dismissed_at IS NULL;
    CREATE UNIQUE INDEX organization_web_site_key ON organization ((settings #>> '{webChannel,siteKey}'));
    `,
  );
}
