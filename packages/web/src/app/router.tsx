import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../features/shell/PageLoader.tsx';
import type { RouteObject } from 'react-router';
import { ORGANIZATIONS_PATH } from '../platform/guards/guards.ts';
import { RequireSession } from '../platform/guards/RequireSession.tsx';
import type { RouteDefinition, RouteScope } from '../platform/guards/routeDefinition.ts';
import type { RouteHandle } from '../platform/guards/routeHandle.ts';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import { movedOrganizationRoutes } from './movedRoutes.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

import { OverlayHost } from '../platform/overlay/OverlayRoutes.tsx';

// Loaded on first use: Mantine's Modal (focus trap, scroll areas) is not needed to sign in.
const RouteModal = lazy(() => import('../platform/overlay/RouteModal.tsx'));

const SessionShell = lazyPage(() => import('../features/shell/SessionShell.tsx'));
const OrganizationLayout = lazyPage(() => import('../features/organizations/OrganizationLayout.tsx'));

const ORGANIZATION_PREFIX = '/:organization/';

function pageRoute(route: RouteDefinition, path: string): RouteObject {
  const Page = route.page;
  const handle: RouteHandle = { route };
  return {
    path,
    element: (
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>
    ),
    handle,
  };
}

const organizationRelative = (path: string) => path.slice(ORGANIZATION_PREFIX.length);

/**
 * The organization's pages. A page that modal routes overlay (platform §2) becomes a layout holding it and
 * its overlays, so it stays mounted behind them; a direct visit to an overlay renders it behind too.
 */
function organizationRoutes(routes: readonly RouteDefinition[]): RouteObject[] {
  const modals = routes.filter((route) => route.modal);
  return routes
    .filter((route) => !route.modal)
    .map((route) => {
      const overlays = modals.filter((modal) => modal.modal?.fallback === route.id);
      if (overlays.length === 0) return pageRoute(route, organizationRelative(route.path));
      return {
        element: (
          <RouteErrorBoundary>
            <OverlayHost page={route.page} />
          </RouteErrorBoundary>
        ),
        children: [
          { path: organizationRelative(route.path), handle: { route } satisfies RouteHandle, element: null },
          ...overlays.map((modal): RouteObject => ({
            path: organizationRelative(modal.path),
            handle: { route: modal } satisfies RouteHandle,
            element: (
              <RouteErrorBoundary>
                <Suspense fallback={<PageLoader />}>
                  <RouteModal route={modal} fallback={route} />
                </Suspense>
              </RouteErrorBoundary>
            ),
          })),
        ],
      };
    });
}

/**
 * The React Router tree for a route table: public pages, then the session guard, then organizations. Each
 * layout and page has its own error boundary, so a page that fails leaves the shell around it working.
 */
export function routeObjects(routes: readonly RouteDefinition[]): RouteObject[] {
  const inScope = (scope: RouteScope) => routes.filter((route) => route.scope === scope);
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        { path: '/', element: <Navigate to={ORGANIZATIONS_PATH} replace /> },
        ...inScope('public').map((route) => pageRoute(route, route.path)),
        {
          element: <RequireSession />,
          children: [
            {
              element: (
                <RouteErrorBoundary>
                  <SessionShell />
                </RouteErrorBoundary>
              ),
              children: inScope('session').map((route) => pageRoute(route, route.path)),
            },
            {
              path: '/:organization',
              element: (
                <RouteErrorBoundary>
                  <OrganizationLayout />
                </RouteErrorBoundary>
              ),
              children: [
                { index: true, element: <Navigate to="dashboard" replace /> },
                ...organizationRoutes(inScope('organization')),
                ...movedOrganizationRoutes(),
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
