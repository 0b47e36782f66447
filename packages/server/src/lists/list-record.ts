import { LIST_DORMANT_AFTER_DAYS, type ListRecord } from '@herald/protocol';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { SubscriberListTable } from './tables.ts';

/** A list as LIST_SELECT reads it. */
export type ListRow = Omit<Selectable<SubscriberListTable>, 'organization_id'>;

/** The select list of a list read by the commands of this area (announcements after updateListStats). */
export const LIST_SELECT = sql<ListRow>`subscriber_list.id, subscriber_list.name, subscriber_list.description,
  subscriber_list.list_type, subscriber_list.is_archived, subscriber_list.partition_ids,
  subscriber_list.subscriber_count, subscriber_list.contactable_count, subscriber_list.unsubscribed_count,
  subscriber_list.invalid_count, subscriber_list.stats_updated_at, subscriber_list.last_updated,
  subscriber_list.created_at, subscriber_list.updated_at, subscriber_list.version`;

/** The derived state in SQL (filters `state` and `isActive`), the same rule as listStateOf. */
export const LIST_STATE_SQL = sql`(CASE WHEN subscriber_list.is_archived THEN 'archived'
  WHEN subscriber_list.subscriber_count = 0 THEN 'empty'
  WHEN subscriber_list.last_updated < now() - make_interval(days => ${sql.lit(LIST_DORMANT_AFTER_DAYS)}) THEN 'dormant'
  ELSE 'active' END)`;

const iso = (value: Date) => new Date(value).toISOString();

/** Functional §3's list states: archived, else empty, else dormant after LIST_DORMANT_AFTER_DAYS, else active. */
export function listStateOf(
  row: Pick<ListRow, 'is_archived' | 'subscriber_count' | 'last_updated'>,
  now = Date.now(),
): ListRecord['state'] {
  if (row.is_archived) return 'archived';
  if (row.subscriber_count === 0) return 'empty';
  const quietFor = now - new Date(row.last_updated).getTime();
  return quietFor > LIST_DORMANT_AFTER_DAYS * 86_400_000 ? 'dormant' : 'active';
}

export function listRecord(row: ListRow): ListRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // The column holds only the contract's list types (its check constraint).
    listType: row.list_type as ListRecord['listType'],
    state: listStateOf(row),
    isArchived: row.is_archived,
    partitionIds: row.partition_ids,
    stats: {
      subscribers: row.subscriber_count,
      contactable: row.contactable_count,
      unsubscribed: row.unsubscribed_count,
      invalid: row.invalid_count,
      updatedAt: row.stats_updated_at ? iso(row.stats_updated_at) : null,
    },
    lastUpdated: iso(row.last_updated),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
  };
}

export async function readListRecords(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
  listIds: readonly number[],
): Promise<ListRecord[]> {
  if (listIds.length === 0) return [];
  const rows = await sql<ListRow>`SELECT ${LIST_SELECT} FROM subscriber_list
    WHERE organization_id = ${organizationId} AND id = ANY(${[...listIds]}::integer[])`.execute(db);
  return rows.rows.map(listRecord);
}
