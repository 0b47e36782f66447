import { checkAccess } from '@herald/protocol';
import type { AccessContext } from '@herald/protocol';
import type { RouteDefinition } from './routeDefinition.ts';

/** The organization pages the navigation offers: those marked for it whose requirements the user meets. */
export function navigationRoutes(
  routes: readonly RouteDefinition[],
  access: AccessContext,
): RouteDefinition[] {
  return routes.filter(
    (route) =>
      route.scope === 'organization' &&
      route.navigation !== undefined &&
      (!route.requires || checkAccess(route.requires, access)),
  );
}

/** The navigation in its sections: pages at the top level, then those under the Settings heading. */
export function navigationSections(
  routes: readonly RouteDefinition[],
  access: AccessContext,
): { main: RouteDefinition[]; settings: RouteDefinition[] } {
  const shown = navigationRoutes(routes, access);
  return {
    main: shown.filter((route) => route.navigation?.group === undefined),
    settings: shown.filter((route) => route.navigation?.group === 'settings'),
  };
}

/** The address of an organization page: its pattern with the organization id filled in. */
export function organizationPagePath(route: Pick<RouteDefinition, 'path'>, organizationId: number): string {
  return route.path.replace(':organization', String(organizationId));
}
