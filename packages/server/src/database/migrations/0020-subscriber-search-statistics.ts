import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Statistics on the expressions the subscriber search compares (subscribers/subscriber-search.ts). Its
 * indexes are partial (migration 0019, and `subscriber_email` of 0011), and the planner takes no statistics
 * from a partial index's expressions, so it guessed that a search for a name no one has would match
 * thousands, and read a million-subscriber organization backwards through the primary key for its newest 25
 * (1.2 s). Expression statistics (PostgreSQL 14 and later; PGlite is 17) give it the real frequencies, and
 * it looks the term up in the index instead (a few ms). They cost an import nothing: ANALYZE fills them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE STATISTICS subscriber_email_lower_stats ON (lower(email)) FROM subscriber;
    CREATE STATISTICS subscriber_phone_digits_stats ON (regexp_replace(phone, '[^0-9]', '', 'g')) FROM subscriber;
    CREATE STATISTICS subscriber_firstname_lower_stats ON (lower(firstname)) FROM subscriber;
    CREATE STATISTICS subscriber_lastname_lower_stats ON (lower(lastname)) FROM subscriber;
    ANALYZE subscriber;
  `,
  );
}
