import { SEARCH_DROPDOWN_LIMIT } from '@herald/protocol';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import type { RecordPage } from '../../platform/list/recordCache.ts';
import { recordsKey, useRecordChannel } from '../../platform/list/useRecords.ts';
import type { QueryParams } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { resourceAccess } from '../../platform/resources/resources.ts';
import { SEARCH_KINDS, searchHit, shareResults } from './searchGroups.ts';
import type { SearchGroup, SearchHit, SearchKind } from './searchGroups.ts';

export interface SearchGroups {
  groups: SearchGroup[];
  /** How many of each kind match in all (the server's total; "about" when `estimated` has the kind). */
  totals: ReadonlyMap<SearchKind, number>;
  estimated: ReadonlySet<SearchKind>;
  /** No kind has answered yet. */
  isPending: boolean;
  isFetching: boolean;
  /** Every kind asked failed (one kind failing leaves the others' results). */
  error: unknown;
}

/**
 * The header search across kinds: one `query` per kind the user may read, all with the same words, each
 * under its own `queryKey` so typing on cancels the older search of that kind (platform §8). Subscribers are
 * matched by exact e-mail or phone and name or ref prefix (the server's subscriber search); the other kinds
 * by a contains-search of their names. Answers at most `limit` hits of each kind, or, with `share` (the
 * dropdown), at most `limit` in all, shared between the kinds.
 */
export function useSearchGroups(
  term: string | null,
  screen: string,
  { limit = SEARCH_DROPDOWN_LIMIT, share = true }: { limit?: number; share?: boolean } = {},
): SearchGroups {
  const { channel, organizationId } = useRecordChannel();
  const organization = useCurrentOrganization();
  const kinds = SEARCH_KINDS.filter(
    (kind) => organization !== null && resourceAccess(kind, organization.access).canRead,
  );
  const results = useQueries({
    queries: kinds.map((kind) => {
      const params: QueryParams = {
        organizationId,
        query: { type: kind, search: term ?? '' },
        limit,
        offset: 0,
        queryKey: `${screen}-${kind}`,
      };
      return {
        queryKey: recordsKey(channel, kind, params),
        queryFn: () => channel.request('query', params) as Promise<RecordPage>,
        enabled: term !== null,
        placeholderData: keepPreviousData,
        retry: false,
      };
    }),
  });
  const found = new Map<SearchKind, SearchHit[]>();
  const totals = new Map<SearchKind, number>();
  const estimated = new Set<SearchKind>();
  kinds.forEach((kind, index) => {
    const page = results[index]?.data;
    const records = page?.records ?? [];
    if (page) totals.set(kind, page.total);
    // The query command's answer carries the flag; the cache's page type leaves it out.
    if ((page as { totalIsEstimate?: true } | undefined)?.totalIsEstimate) estimated.add(kind);
    found.set(
      kind,
      records.map((record) => searchHit(kind, record)).filter((hit): hit is SearchHit => hit !== null),
    );
  });
  const failed = results.filter((result) => result.isError);
  return {
    groups: share
      ? shareResults(found, limit)
      : SEARCH_KINDS.map((kind) => ({ kind, hits: found.get(kind) ?? [] })).filter(
          (group) => group.hits.length > 0,
        ),
    totals,
    estimated,
    isPending: results.length > 0 && results.every((result) => result.isPending),
    isFetching: results.some((result) => result.isFetching),
    error: failed.length > 0 && failed.length === results.length ? failed[0]?.error : undefined,
  };
}
