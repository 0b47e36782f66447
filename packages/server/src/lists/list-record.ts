import { LIST_DORMANT_AFTER_DAYS, type ListRecord } from '@herald/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** The select list of a list read by the commands of this area (announcements after updateListStats). */
export const LIST_SELECT = sql`subscriber_list.id, subscriber_list.name, subscriber_list.description,
  subscriber_list.list_type, subscriber_list.is_archived, subscriber_list.partition_ids,
  subscriber_list.subscriber_count, subscriber_list.contactable_count, subscriber_list.unsubscribed_count,
  subscriber_list.invalid_count, subscriber_list.stats_updated_at, subscriber_list.last_updated,
  subscriber_list.created_at, subscriber_list.updated_at, subscriber_list.version`;

/** The derived state in SQL (filters `state` and `isActive`), the same rule as listStateOf. */
export const LIST_STATE_SQL = sql`(CASE WHEN subscriber_list.is_archived THEN 'archived'
  WHEN subscriber_list.subscriber_count = 0 THEN 'empty'
  WHEN subscriber_list.last_updated < now() - make_interval(days => ${sql.lit(LIST_DORMANT_AFTER_DAYS)}) THEN 'dormant'
  ELSE 'active' END)`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** Functional §3's list states: archived, else empty, else dormant after LIST_DORMANT_AFTER_DAYS, else active. */
export function listStateOf(row: Record<string, unknown>, now = Date.now()): ListRecord['state'] {
  if (row.is_archived) return 'archived';
  if (Number(row.subscriber_count) === 0) return 'empty';
  const quietFor = now - new Date(iso(row.last_updated)).getTime();
  return quietFor > LIST_DORMANT_AFTER_DAYS * 86_400_000 ? 'dormant' : 'active';
}

export function listRecord(row: Record<string, unknown>): ListRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description ?? ''),
    listType: (row.list_type ?? 'standard') as ListRecord['listType'],
    state: listStateOf(row),
    isArchived: Boolean(row.is_archived),
    partitionIds: (row.partition_ids ?? []) as number[],
    stats: {
      subscribers: Number(row.subscriber_count),
      contactable: Number(row.contactable_count),
      unsubscribed: Number(row.unsubscribed_count),
      invalid: Number(row.invalid_count),
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
  const rows = await sql<Record<string, unknown>>`SELECT ${LIST_SELECT} FROM subscriber_list
    WHERE organization_id = ${organizationId} AND id = ANY(${[...listIds]}::integer[])`.execute(db);
  return rows.rows.map(listRecord);
}
