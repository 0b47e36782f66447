import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/**
 * The links of a deployment run that click tracking redirects to (docs/architecture.md § Tracking): a click token
 * carries the run's link index rather than the address, so tokens stay short and a link's clicks add up across
 * recipients. Rows are written once per run by the engine (tracking/tracked-links.ts) and read by
 * `GET /t/c/{token}`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE tracked_link (
      run_id bigint NOT NULL,
      idx integer NOT NULL,
      url text NOT NULL,
      PRIMARY KEY (run_id, idx)
    );
    `,
  );
}
