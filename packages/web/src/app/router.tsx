import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ORGANIZATIONS_PATH } from '../platform/guards/guards.ts';
import { RequireSession } from '../platform/guards/RequireSession.tsx';
import type { RouteDefinition, RouteScope } from '../platform/guards/routeDefinition.ts';
import type { RouteHandle } from '../platform/guards/routeHandle.ts';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const SessionShell = lazyPage(() => import('../features/shell/SessionShell.tsx'));
const OrganizationLayout = lazyPage(() => import('../features/organizations/OrganizationLayout.tsx'));

const ORGANIZATION_PREFIX = '/:organization/';

function pageRoute(route: RouteDefinition, path: string): RouteObject {
  const Page = route.page;
  const handle: RouteHandle = { route };
  return { path, element: <Page />, handle, errorElement: <RouteErrorBoundary /> };
}

/** The React Router tree for a route table: public pages, then the session guard, then organizations. */
export function routeObjects(routes: readonly RouteDefinition[]): RouteObject[] {
  const inScope = (scope: RouteScope) => routes.filter((route) => route.scope === scope);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      children: [
        { path: '/', element: <Navigate to={ORGANIZATIONS_PATH} replace /> },
        ...inScope('public').map((route) => pageRoute(route, route.path)),
        {
          element: <RequireSession />,
          children: [
            {
              element: <SessionShell />,
              errorElement: <RouteErrorBoundary />,
              children: inScope('session').map((route) => pageRoute(route, route.path)),
            },
            {
              path: '/:organization',
              element: <OrganizationLayout />,
              errorElement: <RouteErrorBoundary />,
              children: [
                { index: true, element: <Navigate to="dashboard" replace /> },
                ...inScope('organization').map((route) =>
                  pageRoute(route, route.path.slice(ORGANIZATION_PREFIX.length)),
                ),
                { path: '*', element: <Navigate to="/" replace /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
