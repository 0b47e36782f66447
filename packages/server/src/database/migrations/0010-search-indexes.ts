import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Trigram indexes for campaign text search, now that the embedded PGlite loads pg_trgm too (0007 made them
 * only where the extension could be created). A server without the extension still searches, by scanning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX IF NOT EXISTS campaign_name_trgm ON campaign USING gin (name gin_trgm_ops); CREATE INDEX IF NOT EXISTS campaign_details_trgm ON campaign USING gin (details gin_trgm_ops); EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'campaign search runs without trigram indexes: %', SQLERRM; END $$
  `,
  );
}
