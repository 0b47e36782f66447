import type { ResourceRecord } from '@herald/protocol';
import type { ListType } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';

export type SubscriberList = ResourceRecord<'list'>;

/** The lists screen's filters (functional §3: active, dormant, empty or archived), `all` first. */
export const LIST_FILTERS = ['all', 'active', 'dormant', 'empty', 'archived'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const LIST_SORT_KEYS = ['lastUpdated', 'name', 'createdAt', 'subscribers', 'contactable'] as const;

export const subscriberListDefinition: ListDefinition = {
  filters: LIST_FILTERS,
  sortKeys: LIST_SORT_KEYS,
  defaultSort: 'lastUpdated',
  defaultOrder: 'desc',
};

/**
 * The `query` filter for the lists screen's params: `all` is every list not archived; active, dormant and
 * empty are the list's state (an archived list has the state archived, so none of them shows it).
 */
export function listQueryFilter(params: Pick<ListParams, 'filter' | 'partition'>): Record<string, unknown> {
  const filter = params.filter as ListFilter;
  const byFilter: Record<string, unknown> =
    filter === 'archived'
      ? { isArchived: true }
      : filter === 'active' || filter === 'dormant' || filter === 'empty'
        ? { state: filter }
        : { isArchived: false };
  return {
    ...byFilter,
    ...(params.partition !== null ? { partitionIds: { overlaps: [params.partition] } } : {}),
  };
}

/** The list's members screen: every member, or those unsubscribed, or those invalid. */
export const MEMBER_FILTERS = ['all', 'unsubscribed', 'invalid'] as const;
export const MEMBER_SORT_KEYS = ['email', 'firstname', 'lastname', 'country', 'createdAt'] as const;

export const memberListDefinition: ListDefinition = {
  filters: MEMBER_FILTERS,
  sortKeys: MEMBER_SORT_KEYS,
  defaultSort: 'email',
  defaultOrder: 'asc',
};

/** The `query` filter (type subscriber) for one list's members. */
export function memberQueryFilter(
  listId: number,
  params: Pick<ListParams, 'filter' | 'partition'>,
): Record<string, unknown> {
  return {
    listId,
    ...(params.filter === 'unsubscribed' ? { isUnsubscribed: true } : {}),
    ...(params.filter === 'invalid' ? { isInvalid: true } : {}),
    ...(params.partition !== null ? { partitionIds: { overlaps: [params.partition] } } : {}),
  };
}

// The list screens read ids from their paths like every screen does.
export { pathId } from '../../platform/list/pathId.ts';

/** The new-list form as typed. */
export interface NewListForm {
  name: string;
  description: string;
  listType: ListType;
  partitionIds: number[];
}

export const emptyNewListForm = (): NewListForm => ({
  name: '',
  description: '',
  listType: 'standard',
  partitionIds: [],
});

export type NewListFormError = 'nameRequired' | 'nameTooLong';

export function validateNewListForm(form: NewListForm): Partial<Record<keyof NewListForm, NewListFormError>> {
  const name = form.name.trim();
  if (name === '') return { name: 'nameRequired' };
  if (name.length > 200) return { name: 'nameTooLong' };
  return {};
}

/** The writeRecords record (type list) of a new list; partitions only when the organization has them. */
export function newListWrite(form: NewListForm, partitioned: boolean): Record<string, unknown> {
  return {
    name: form.name.trim(),
    description: form.description,
    listType: form.listType,
    ...(partitioned && form.partitionIds.length > 0 ? { partitionIds: form.partitionIds } : {}),
  };
}
