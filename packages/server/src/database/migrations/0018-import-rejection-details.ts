import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * A rejected import row keeps the refused cell and the reason's code and values, so the page after the
 * import can list the first ones in the user's language (getImportRejections), not only the English report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE import_rejection ADD COLUMN value text;
    ALTER TABLE import_rejection ADD COLUMN detail jsonb;
  `,
  );
}
