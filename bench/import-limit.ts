import { sql } from 'kysely';
import { copyText } from '../packages/server/src/database/copy-session.ts';
import { openDatabase, type DatabaseTarget } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import { addBenchOrganization } from './bench-organization.ts';
import { csvRowCells, STANDARD_COLUMNS } from './import-rows.ts';

/** The subscriber columns an import writes, in the order of the prepared rows. */
const SUBSCRIBER_COLUMNS = ['organization_id', ...STANDARD_COLUMNS, 'custom', 'source_name'];
/** Rows a COPY carries: the whole file at once would hold every row's text twice over. */
const CHUNK_ROWS = 100_000;

/** The rows as the import leaves them for the table, in COPY's text format, made before the clock starts. */
function preparedChunks(organizationId: number, rows: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 1; start <= rows; start += CHUNK_ROWS) {
    const lines: string[] = [];
    for (let n = start; n < Math.min(start + CHUNK_ROWS, rows + 1); n += 1) {
      const cells = csvRowCells(n);
      const [tier, points, source] = cells.slice(STANDARD_COLUMNS.length);
      const custom = JSON.stringify({ loyalty_tier: tier, points: Number(points), signup_source: source });
      const values = [organizationId, ...cells.slice(0, STANDARD_COLUMNS.length)];
      lines.push([...values, custom, 'bench'].map((value) => copyText(value)).join('\t'));
    }
    chunks.push(Buffer.from(`${lines.join('\n')}\n`));
  }
  return chunks;
}

/**
 * What an import of `rows` cannot beat on this database (docs/measurements.md § Import speed): the same rows,
 * already prepared, COPYed straight into `subscriber` with all its indexes, and their memberships written into
 * `list_membership` with all of its, in one transaction, with no parsing, no merge and no checks. The memberships
 * are one `INSERT … SELECT` on the server, which costs no more than a COPY of them would. Answers the
 * milliseconds it took.
 */
export async function importLimit(target: DatabaseTarget, rows: number): Promise<number> {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db as never);
    const organizationId = await addBenchOrganization(database.db, 'Bench import limit');
    const list = await database.db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Limit' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chunks = preparedChunks(organizationId, rows);
    const startedAt = performance.now();
    await database.copyTransaction(async (session) => {
      for (const chunk of chunks) await session.copyIn('subscriber', SUBSCRIBER_COLUMNS, chunk);
      await session.run(sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
        SELECT ${list.id}, id, ${organizationId} FROM subscriber WHERE organization_id = ${organizationId}`);
    });
    return performance.now() - startedAt;
  } finally {
    await database.close();
  }
}
