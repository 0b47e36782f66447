import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The subscriber page filtered by country and sorted by name (the list screens' common pair) reads this index
 * in order instead of sorting every subscriber of the country; it also serves the country filter alone
 * (counts and rare countries), so it replaces the (organization, country, id) index rather than adding one
 * more for imports to maintain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX subscriber_country_lastname ON subscriber (organization_id, country, lastname, id);
    DROP INDEX subscriber_country;
  `,
  );
}
