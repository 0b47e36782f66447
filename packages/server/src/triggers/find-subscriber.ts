import { HeraldError } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Actor } from '../query/resources.ts';

/**
 * The organization's subscriber an API call names, by id or e-mail address, within the caller's partitions;
 * NotFoundError when there is none (an id of another organization included).
 */
export async function findSubscriber(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  reference: { subscriberId?: number | undefined; email?: string | undefined },
): Promise<number> {
  const condition =
    reference.subscriberId !== undefined
      ? sql`id = ${reference.subscriberId}`
      : sql`lower(email) = lower(${reference.email ?? ''})`;
  const partitions =
    actor.partitionIds === undefined ? sql`` : sql`AND partition_ids && ${actor.partitionIds}::integer[]`;
  const rows = await sql<{ id: number }>`SELECT id FROM subscriber
    WHERE organization_id = ${actor.organizationId} AND ${condition} ${partitions} LIMIT 1`.execute(db);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new HeraldError('NotFoundError');
  return Number(id);
}
