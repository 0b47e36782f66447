import { HeraldError } from '@herald/protocol';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { CommandContext } from '../channels/registry.ts';
import type { Database } from '../database/schema.ts';
import { actorOf, type Actor } from '../query/resources.ts';
import { SUBSCRIBER_SELECT, type SubscriberRow } from './subscriber-record.ts';

/** The caller of an organization command as an Actor (partition ids for a restricted user). */
export async function commandActor({ connection, services }: CommandContext): Promise<Actor> {
  const organization = connection.organization;
  if (!organization) throw new HeraldError('UnauthenticatedCommand');
  return actorOf(services.db, organization);
}

/**
 * The query engine's partition rule for any partitioned table: a restricted user reaches only rows tagged
 * with one of their partitions; a head-office user reaches every row of the organization.
 */
export function partitionVisibility(column: string, actor: Actor): RawBuilder<unknown> {
  if (actor.partitionIds === undefined) return sql`true`;
  return sql`${sql.ref(column)} && ${actor.partitionIds}::integer[]`;
}

/** The subscriber row, locked for the transaction, when the actor may reach it; undefined otherwise. */
export async function lockVisibleSubscriber(
  trx: Transaction<Database>,
  actor: Actor,
  subscriberId: number,
): Promise<SubscriberRow | undefined> {
  const rows = await sql<SubscriberRow>`
    SELECT ${SUBSCRIBER_SELECT} FROM subscriber
    WHERE subscriber.id = ${subscriberId} AND subscriber.organization_id = ${actor.organizationId}
      AND ${partitionVisibility('subscriber.partition_ids', actor)}
    FOR UPDATE`.execute(trx);
  return rows.rows[0];
}

/** The list (id, name, partitions) when the actor may reach it; undefined otherwise. */
export async function visibleList(
  db: Transaction<Database> | CommandContext['services']['db'],
  actor: Actor,
  listId: number,
): Promise<{ id: number; name: string; partition_ids: number[] } | undefined> {
  const rows = await sql<{ id: number; name: string; partition_ids: number[] }>`
    SELECT id, name, partition_ids FROM subscriber_list
    WHERE id = ${listId} AND organization_id = ${actor.organizationId}
      AND ${partitionVisibility('subscriber_list.partition_ids', actor)}`.execute(db);
  return rows.rows[0];
}
