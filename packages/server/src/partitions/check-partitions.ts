import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { validation, type Actor } from '../query/resources.ts';

/** Partition ids must be the organization's, and a restricted user's own. */
export async function checkPartitions(
  trx: Transaction<Database>,
  actor: Actor,
  partitionIds: readonly number[],
  path: string,
): Promise<void> {
  const unique = [...new Set(partitionIds)];
  if (unique.length === 0) return;
  const rows = await trx
    .selectFrom('partition')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('id', 'in', unique)
    .execute();
  const own = actor.partitionIds;
  if (rows.length !== unique.length || (own !== undefined && unique.some((id) => !own.includes(id))))
    throw validation(path, 'Unknown partition');
}
