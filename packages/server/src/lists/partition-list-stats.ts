import type { ListStats } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import { LIST_COUNTS, type ListCounts } from './list-counts.ts';

/**
 * A list's counts among the subscribers of some partitions (what a partition-restricted user sees), by
 * refreshListStats' rules. Not stored: the stored statistics are the whole organization's.
 */
export async function listStatsWithin(
  db: Kysely<Database>,
  organizationId: number,
  listId: number,
  partitionIds: readonly number[],
): Promise<Omit<ListStats, 'updatedAt'>> {
  const row = (
    await sql<ListCounts>`
      SELECT ${LIST_COUNTS}
      FROM list_membership m JOIN subscriber s ON s.id = m.subscriber_id
      WHERE m.list_id = ${listId} AND m.organization_id = ${organizationId}
        AND s.partition_ids && ${[...partitionIds]}::integer[]`.execute(db)
  ).rows[0];
  return {
    subscribers: Number(row?.subscribers ?? 0),
    contactable: Number(row?.contactable ?? 0),
    unsubscribed: Number(row?.unsubscribed ?? 0),
    invalid: Number(row?.invalid ?? 0),
  };
}
