import { resourceDefinitions } from '@herald/protocol';
import { sql, type Selectable } from 'kysely';
import { implementResource } from '../query/resources.ts';
import type { ListMembershipTable } from './tables.ts';

type ListMembershipRow = Omit<Selectable<ListMembershipTable>, 'organization_id'> & {
  list_name: string | null;
};

const iso = (value: Date) => new Date(value).toISOString();

/**
 * The lists a subscriber is on, with the list-level fields (query type `listMembership`, the profile's list
 * memberships). A membership is identified by list and subscriber; its `id` is "listId:subscriberId".
 */
export const listMembershipResource = implementResource({
  definition: resourceDefinitions.listMembership,
  table: 'list_membership',
  select: sql<ListMembershipRow>`list_membership.list_id, list_membership.subscriber_id, list_membership.is_list_unsubscribed,
    list_membership.list_option, list_membership.source_name, list_membership.created_at, list_membership.updated_at,
    (SELECT name FROM subscriber_list l WHERE l.id = list_membership.list_id) AS list_name`,
  toRecord: (row) => ({
    id: `${row.list_id}:${row.subscriber_id}`,
    listId: row.list_id,
    listName: row.list_name ?? '',
    subscriberId: row.subscriber_id,
    is_list_unsubscribed: row.is_list_unsubscribed,
    list_option: row.list_option,
    sourceName: row.source_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }),
  filters: {
    subscriberId: { column: 'list_membership.subscriber_id' },
    listId: { column: 'list_membership.list_id' },
    isListUnsubscribed: {
      column: 'list_membership.is_list_unsubscribed',
    },
  },
  sortable: { subscriberId: 'subscriber_id', createdAt: 'created_at', updatedAt: 'updated_at' },
  search: [],
  idColumn: 'list_id',
  // A restricted user sees the memberships of their partitions' subscribers on lists they can see.
  restrictedCondition: (
    actor,
  ) => sql`EXISTS (SELECT 1 FROM subscriber s WHERE s.id = list_membership.subscriber_id
      AND s.partition_ids && ${actor.partitionIds ?? []}::integer[])
    AND EXISTS (SELECT 1 FROM subscriber_list l WHERE l.id = list_membership.list_id
      AND l.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
});
