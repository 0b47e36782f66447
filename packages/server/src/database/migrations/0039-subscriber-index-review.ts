import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The subscriber indexes reviewed against what reads them
 * (docs/decisions/0029-subscriber-indexes-and-statistics.md): every index costs each imported row
 * a B-tree insertion, and a page of a million subscribers sorted without one reads and sorts them all.
 * - The ref had two indexes: `subscriber_ref` (organization_id, ref) kept refs unique and matched imports, and
 *   `subscriber_ref_prefix` (organization_id, ref text_pattern_ops) answered the search's "ref starts with".
 *   Nothing sorts by ref, and text_pattern_ops compares equal exactly as the default operator class does, so
 *   one unique index with text_pattern_ops does all three: an import with refs maintains one B-tree fewer.
 * - The subscriber screens sort by e-mail by default, which no index answered (1–2 s a page at a million). The
 *   e-mail sort now ignores case, as people read addresses, on the unique index of lower(email), which stops
 *   being partial so that it holds the subscribers without an address too (sorted last); NULLs are distinct,
 *   so they stay allowed. ON CONFLICT … WHERE email IS NOT NULL still infers it.
 * - "Newest first" sorts by created_at, which no index answered either: (organization_id, created_at, id).
 *   An import's rows share one timestamp at the end of it, so they cost it little.
 * Each new index is built before the one it replaces goes, so uniqueness holds throughout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE UNIQUE INDEX subscriber_ref_unique ON subscriber (organization_id, ref text_pattern_ops) WHERE ref IS NOT NULL;
    DROP INDEX subscriber_ref_prefix;
    DROP INDEX subscriber_ref;
    ALTER INDEX subscriber_ref_unique RENAME TO subscriber_ref;
    CREATE UNIQUE INDEX subscriber_email_all ON subscriber (organization_id, lower(email));
    DROP INDEX subscriber_email;
    ALTER INDEX subscriber_email_all RENAME TO subscriber_email;
    CREATE INDEX subscriber_created ON subscriber (organization_id, created_at, id);
    `,
  );
}
