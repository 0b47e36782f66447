import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * Indexes for the subscriber search (subscribers/subscriber-search.ts), so that finding one person among a
 * million subscribers reads a few index pages instead of every row (contains-searches over 1M subscribers
 * were measured past the 10 s limit: docs/decisions/0030-subscriber-search-on-indexes.md). What already existed
 * was weighed first:
 * - an exact e-mail needs nothing new: `subscriber_email` (organization_id, lower(email)) answers it;
 * - `subscriber_ref` (organization_id, ref) and `subscriber_lastname` (organization_id, lastname, id) are
 *   ordered by the database's collation, which answers equality and sorting but not LIKE 'abc%' outside the
 *   C locale; they stay, for import matching and the last-name sort, and the prefix indexes use
 *   text_pattern_ops, which answers a prefix under any collation;
 * - a phone is compared by its digits, so "0400 123 456" finds "0400-123-456": the index is on that
 *   expression (regexp_replace is immutable), and only over subscribers who have a phone.
 * Each is partial (NOT NULL) so subscribers without the field cost an import nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX subscriber_phone_digits ON subscriber (organization_id, (regexp_replace(phone, '[^0-9]', '', 'g'))) WHERE phone IS NOT NULL;
    CREATE INDEX subscriber_firstname_prefix ON subscriber (organization_id, lower(firstname) text_pattern_ops) WHERE firstname IS NOT NULL;
    CREATE INDEX subscriber_lastname_prefix ON subscriber (organization_id, lower(lastname) text_pattern_ops) WHERE lastname IS NOT NULL;
    CREATE INDEX subscriber_ref_prefix ON subscriber (organization_id, ref text_pattern_ops) WHERE ref IS NOT NULL;
  `,
  );
}
