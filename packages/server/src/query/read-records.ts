import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { EngineRecord, EngineResource } from './resources.ts';

/**
 * Records of a type as `query` answers them, chosen by a condition on its table, within one organization: what a
 * write announces to live subscribers when the rows it changed are not what it answers (a subscriber's
 * memberships and history after a status change).
 */
export async function readRecords(
  db: Kysely<Database>,
  resource: EngineResource,
  organizationId: number,
  condition: RawBuilder<unknown>,
): Promise<EngineRecord[]> {
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT ${resource.select} FROM ${sql.table(resource.table)}
    WHERE ${sql.ref(`${resource.table}.organization_id`)} = ${organizationId} AND ${condition}`.execute(db);
  return rows.map((row) => resource.toRecord(row));
}
