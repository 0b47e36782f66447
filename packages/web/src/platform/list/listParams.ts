import {
  DEFAULT_DISPLAY_VIEW,
  DEFAULT_FILTER,
  DEFAULT_SORT,
  DISPLAY_VIEWS,
  PAGE_LIMIT,
} from '@herald/protocol';
import type { DisplayView, SortOrder } from '@herald/protocol';

/** Archive filter of a list: live records (the default), archived ones only, or both. */
export const ARCHIVE_FILTERS = ['live', 'archived', 'all'] as const;
export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

/**
 * What a list screen shows, as its URL says it (react-admin's `useListParams`): a link reproduces the screen.
 * Defaults are left out of the URL, so a plain `/7/campaigns` is the default screen.
 */
export interface ListParams {
  filter: string;
  sort: string;
  order: SortOrder;
  /** 1-based. */
  page: number;
  view: DisplayView;
  search: string;
  archived: ArchiveFilter;
  /** A partition id, or null for every partition the user may see. */
  partition: number | null;
}

/** What a list screen declares: its filters and sort keys, the first of each being the default. */
export interface ListDefinition {
  filters: readonly string[];
  sortKeys: readonly string[];
  defaultSort?: string;
  defaultOrder?: SortOrder;
}

export const LIST_PARAM_NAMES = [
  'filter',
  'sort',
  'order',
  'page',
  'view',
  'search',
  'archived',
  'partition',
] as const;

export function defaultListParams(definition: ListDefinition): ListParams {
  return {
    filter: definition.filters.includes(DEFAULT_FILTER)
      ? DEFAULT_FILTER
      : (definition.filters[0] ?? DEFAULT_FILTER),
    sort:
      definition.defaultSort ??
      (definition.sortKeys.includes(DEFAULT_SORT.sortKey)
        ? DEFAULT_SORT.sortKey
        : (definition.sortKeys[0] ?? DEFAULT_SORT.sortKey)),
    order: definition.defaultOrder ?? DEFAULT_SORT.sortOrder,
    page: 1,
    view: DEFAULT_DISPLAY_VIEW,
    search: '',
    archived: 'live',
    partition: null,
  };
}

const positiveInteger = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** The URL's query string read as list params; anything unknown or malformed falls back to its default. */
export function parseListParams(search: URLSearchParams, definition: ListDefinition): ListParams {
  const defaults = defaultListParams(definition);
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = search.get(name);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  };
  return {
    filter: pick('filter', definition.filters, defaults.filter),
    sort: pick('sort', definition.sortKeys, defaults.sort),
    order: pick('order', ['asc', 'desc'] as const, defaults.order),
    page: positiveInteger(search.get('page')) ?? 1,
    view: pick('view', DISPLAY_VIEWS, defaults.view),
    search: (search.get('search') ?? '').slice(0, 200),
    archived: pick('archived', ARCHIVE_FILTERS, defaults.archived),
    partition: positiveInteger(search.get('partition')),
  };
}

/**
 * List params written into a query string: only those that differ from the defaults, in a fixed order, and
 * other parameters of the URL kept as they are.
 */
export function writeListParams(
  params: ListParams,
  definition: ListDefinition,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const defaults = defaultListParams(definition);
  const next = new URLSearchParams(base);
  for (const name of LIST_PARAM_NAMES) next.delete(name);
  for (const name of LIST_PARAM_NAMES) {
    const value = params[name];
    if (value === defaults[name] || value === null || value === '') continue;
    next.set(name, String(value));
  }
  return next;
}

/**
 * A change to the params as the screen's controls make it. Changing what is shown (filter, sort, search,
 * archive, partition) goes back to the first page; changing the view or page keeps the rest.
 */
export function changeListParams(current: ListParams, change: Partial<ListParams>): ListParams {
  const next = { ...current, ...change };
  const resetsPage = (['filter', 'sort', 'order', 'search', 'archived', 'partition'] as const).some(
    (name) => name in change && change[name] !== current[name],
  );
  if (resetsPage && !('page' in change)) next.page = 1;
  return next;
}

/** The `query` command's paging and sort for these params. */
export function queryWindow(
  params: ListParams,
  limit = PAGE_LIMIT,
): {
  limit: number;
  offset: number;
  sortKey: string;
  sortOrder: SortOrder;
} {
  return { limit, offset: (params.page - 1) * limit, sortKey: params.sort, sortOrder: params.order };
}

/** How many pages `total` records fill. */
export function pageCount(total: number, limit = PAGE_LIMIT): number {
  return Math.max(1, Math.ceil(total / limit));
}
