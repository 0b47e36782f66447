import { LoginPage } from '../features/login/LoginPage.tsx';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import type { RouteDefinition } from '../platform/guards/routeDefinition.ts';

/**
 * Every screen of the app. The router, the navigation, the page title and the guards read this table; a new
 * screen is one entry here. Only sign-in is loaded up front, so /login ships as little code as possible.
 */
export const routeTable: readonly RouteDefinition[] = [
  { id: 'login', path: '/login', scope: 'public', titleKey: 'login.pageTitle', page: LoginPage },
  {
    id: 'organizations',
    path: '/organizations',
    scope: 'session',
    titleKey: 'organizations.title',
    page: lazyPage(() => import('../features/organizations/OrganizationsPage.tsx')),
  },
  {
    id: 'account',
    path: '/account',
    scope: 'session',
    titleKey: 'account.title',
    page: lazyPage(() => import('../features/account/AccountPage.tsx')),
  },
  {
    id: 'dashboard',
    path: '/:organization/dashboard',
    scope: 'organization',
    titleKey: 'dashboard.title',
    page: lazyPage(() => import('../features/dashboard/DashboardPage.tsx')),
    navigation: { labelKey: 'dashboard.title' },
  },
];
