import { createContext, use, useMemo } from 'react';
import type { ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

/** A route matched by the current location, outermost first: its handle (RouteHandle) and path parameters. */
export interface RouteMatch {
  handle: unknown;
  params: Record<string, string | undefined>;
}

const RouteObjectsContext = createContext<readonly RouteObject[]>([]);

/**
 * Renders the route tree for the location. Herald uses React Router's declarative mode, not its data router,
 * which would weigh 17 KB more gzip on /login (docs/decisions/0032-light-first-scripts.md) for loaders and
 * actions it does not use; the matches the data router offered (useMatches) come from the same tree here.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }): ReactNode {
  const element = useRoutes(routes);
  return <RouteObjectsContext value={routes}>{element}</RouteObjectsContext>;
}

/** Every route the current location matches, outermost first, wherever it is called from. */
export function useRouteMatches(): RouteMatch[] {
  const routes = use(RouteObjectsContext);
  const location = useLocation();
  return useMemo(
    () =>
      (matchRoutes([...routes], location) ?? []).map((match) => ({
        handle: match.route.handle,
        params: match.params,
      })),
    [routes, location],
  );
}
