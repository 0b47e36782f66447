import type { RouteMatch } from './routeMatches.tsx';
import type { RouteDefinition } from './routeDefinition.ts';

/** What each route of the router carries for the title and the guards: its entry in the route table. */
export interface RouteHandle {
  route: RouteDefinition;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route-table entry of the page being shown, with its path parameters. */
export function currentRoute(
  matches: readonly RouteMatch[],
): { route: RouteDefinition; params: Record<string, string | undefined> } | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) return { route: match.handle.route, params: match.params };
  }
  return null;
}
