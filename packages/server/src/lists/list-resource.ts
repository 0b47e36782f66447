import {
  HeraldError,
  LIST_STATES,
  importRulesOf,
  listWriteSchema,
  type ListRecord,
  type ListWrite,
  resourceDefinitions,
} from '@herald/protocol';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { checkPartitions } from '../partitions/check-partitions.ts';
import { validation, type Actor, implementResource } from '../query/resources.ts';
import { checkNew, checkVersion, returnedRow, writeEach } from '../query/write-helpers.ts';
import { CONTACTABLE } from './list-counts.ts';
import { LIST_SELECT, LIST_STATE_SQL, listRecord, type ListRow } from './list-record.ts';

/** A list's counts within a restricted user's partitions (restrictedSelect's jsonb). */
interface PartitionStats {
  subscribers: number;
  contactable: number;
  unsubscribed: number;
  invalid: number;
}

function booleanFilter(path: string, whenTrue: ReturnType<typeof sql>, whenFalse: ReturnType<typeof sql>) {
  return (value: unknown) => {
    if (typeof value !== 'boolean') throw validation(path, 'Expected true or false');
    return value ? whenTrue : whenFalse;
  };
}

/**
 * Subscriber lists (functional §3). lastUpdated, listType, isEmpty and isActive are the list-only filters of
 * platform §5; `state` filters by the derived state (active, dormant, empty, archived).
 */
export const listResource = implementResource({
  definition: resourceDefinitions.list,
  table: 'subscriber_list',
  select: LIST_SELECT,
  toRecord: (row: ListRow & { partition_stats?: PartitionStats | null }) =>
    withPartitionStats(listRecord(row), row.partition_stats),
  filters: {
    id: { column: 'subscriber_list.id' },
    name: { column: 'subscriber_list.name' },
    listType: { column: 'subscriber_list.list_type' },
    isArchived: { column: 'subscriber_list.is_archived' },
    partitionIds: { column: 'subscriber_list.partition_ids' },
    lastUpdated: {
      column: 'subscriber_list.last_updated',
    },
    isEmpty: {
      custom: booleanFilter(
        'query.filter.isEmpty',
        sql`subscriber_list.subscriber_count = 0`,
        sql`subscriber_list.subscriber_count > 0`,
      ),
    },
    isActive: {
      custom: booleanFilter(
        'query.filter.isActive',
        sql`${LIST_STATE_SQL} = 'active'`,
        sql`${LIST_STATE_SQL} <> 'active'`,
      ),
    },
    state: {
      custom: (value) => {
        const states = Array.isArray(value) ? value : [value];
        if (
          states.length === 0 ||
          states.some(
            (state) => typeof state !== 'string' || !(LIST_STATES as readonly string[]).includes(state),
          )
        )
          throw validation('query.filter.state', `Expected one of ${LIST_STATES.join(', ')}`);
        return sql`${LIST_STATE_SQL} IN (${sql.join(states as string[])})`;
      },
    },
  },
  sortable: {
    name: 'name',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    lastUpdated: 'last_updated',
    subscribers: 'subscriber_count',
    contactable: 'contactable_count',
  },
  search: ['subscriber_list.name', 'subscriber_list.description'],
  partitionColumn: 'subscriber_list.partition_ids',
  // The stored counts are the whole organization's; a restricted user sees those of their partitions.
  restrictedSelect: (actor) => sql<
    ListRow & { partition_stats: PartitionStats | null }
  >`${LIST_SELECT}, (SELECT jsonb_build_object(
      'subscribers', count(*),
      'contactable', count(*) FILTER (WHERE ${CONTACTABLE}),
      'unsubscribed', count(*) FILTER (WHERE m.is_list_unsubscribed OR s.is_unsubscribed),
      'invalid', count(*) FILTER (WHERE s.is_invalid))
    FROM list_membership m JOIN subscriber s ON s.id = m.subscriber_id
    WHERE m.list_id = subscriber_list.id AND s.partition_ids && ${actor.partitionIds ?? []}::integer[]
  ) AS partition_stats`,
  write: writeEach(listWriteSchema, writeList),
});

/** A restricted user's list record: its counts within their partitions, as restrictedSelect computed them. */
function withPartitionStats(record: ListRecord, counts: PartitionStats | null | undefined): ListRecord {
  if (!counts) return record;
  return { ...record, stats: { ...counts, updatedAt: null } };
}

async function writeList(
  trx: Transaction<Database>,
  actor: Actor,
  input: ListWrite,
  path: string,
): Promise<ListRecord> {
  if (input.partitionIds !== undefined)
    await checkPartitions(trx, actor, input.partitionIds, `${path}.partitionIds`);
  if (actor.partitionIds !== undefined && input.partitionIds !== undefined && input.partitionIds.length === 0)
    throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
  if (input.id === undefined) {
    checkNew(input, path);
    if (input.name === undefined) throw validation(`${path}.name`, 'A list needs a name');
    // Platform §2 guard 10: the import rules may forbid new lists; the server holds the rule, not only the UI.
    const organization = await trx
      .selectFrom('organization')
      .select('settings')
      .where('id', '=', actor.organizationId)
      .executeTakeFirstOrThrow();
    if (importRulesOf(organization.settings).disallowNewLists)
      throw new HeraldError('NewListNotAllowedError');
    const partitionIds = input.partitionIds ?? [];
    if (actor.partitionIds !== undefined && partitionIds.length === 0)
      throw validation(`${path}.partitionIds`, 'Choose at least one of your partitions');
    const row = await sql<ListRow>`
      INSERT INTO subscriber_list (organization_id, name, description, list_type, partition_ids, is_archived)
      VALUES (${actor.organizationId}, ${input.name}, ${input.description ?? ''}, ${input.listType ?? 'standard'},
        ${partitionIds}::integer[], ${input.isArchived ?? false})
      RETURNING ${LIST_SELECT}`.execute(trx);
    return listRecord(returnedRow(row));
  }
  const visible =
    actor.partitionIds === undefined ? sql`true` : sql`partition_ids && ${actor.partitionIds}::integer[]`;
  const current = (
    await sql<ListRow>`SELECT ${LIST_SELECT} FROM subscriber_list
      WHERE id = ${input.id} AND organization_id = ${actor.organizationId} AND ${visible} FOR UPDATE`.execute(
      trx,
    )
  ).rows[0];
  if (!current) throw new HeraldError('NotFoundError');
  const stored = listRecord(current);
  checkVersion(input, stored, path);
  const row = await sql<ListRow>`
    UPDATE subscriber_list SET name = ${input.name ?? stored.name},
      description = ${input.description ?? stored.description},
      list_type = ${input.listType ?? stored.listType},
      partition_ids = ${input.partitionIds ?? stored.partitionIds}::integer[],
      is_archived = ${input.isArchived ?? stored.isArchived},
      updated_at = greatest(now(), updated_at + interval '1 millisecond'), version = version + 1
    WHERE id = ${input.id} AND organization_id = ${actor.organizationId}
    RETURNING ${LIST_SELECT}`.execute(trx);
  return listRecord(returnedRow(row));
}
