import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeListParams, parseListParams, writeListParams } from './listParams.ts';
import type { ListDefinition, ListParams } from './listParams.ts';

/**
 * A list screen's params kept in the URL's query string (react-admin's `useListParams`): read from it, and
 * every change written back, so the back button and a shared link reproduce the screen. `fixed` params come
 * from the path (campaigns/partition/{id}) and win over the query string.
 */
export function useListParams(
  definition: ListDefinition,
  fixed: Partial<ListParams> = {},
): [ListParams, (change: Partial<ListParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fixedKey = JSON.stringify(fixed);
  const params = useMemo(
    () => ({
      ...parseListParams(searchParams, definition),
      ...(JSON.parse(fixedKey) as Partial<ListParams>),
    }),
    [searchParams, definition, fixedKey],
  );
  const change = useCallback(
    (next: Partial<ListParams>) => {
      setSearchParams(
        (current) =>
          writeListParams(changeListParams(parseListParams(current, definition), next), definition, current),
        // Typing in the search box replaces the entry; other changes are steps the back button retraces.
        { replace: Object.keys(next).every((name) => name === 'search') },
      );
    },
    [setSearchParams, definition],
  );
  return [params, change];
}
