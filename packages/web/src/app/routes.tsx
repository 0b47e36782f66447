import type { AccessRequirement } from '@herald/protocol';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import { PROVIDER_DOMAINS } from '../platform/guards/providerDomains.ts';
import type { RouteDefinition } from '../platform/guards/routeDefinition.ts';

/** Platform §6: security, users and single sign-on issuers are for administrators. */
const ADMIN: AccessRequirement = { capabilities: ['admin'] };

/**
 * Every screen of the app. The router, the navigation, the page title and the guards read this table; a new
 * screen is one entry here. Only sign-in is loaded up front, so /login ships as little code as possible.
 */
export const routeTable: readonly RouteDefinition[] = [
  { id: 'login', path: '/login', scope: 'public', titleKey: 'login.pageTitle', page: LoginPage },
  {
    id: 'signup',
    path: '/signup',
    scope: 'public',
    titleKey: 'signup.title',
    page: lazyPage(() => import('../features/login/SignUpPage.tsx')),
  },
  {
    id: 'passwordreset',
    path: '/passwordreset',
    scope: 'public',
    titleKey: 'passwordReset.title',
    page: lazyPage(() => import('../features/login/PasswordResetPage.tsx')),
  },
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
  // Campaigns (functional §2): the list, its setup overlays over it, one partition's list, a campaign's page.
  {
    id: 'campaigns',
    path: '/:organization/campaigns',
    scope: 'organization',
    titleKey: 'campaigns.title',
    page: lazyPage(() => import('../features/campaigns/CampaignsPage.tsx')),
    navigation: { labelKey: 'campaigns.title' },
  },
  {
    id: 'campaigns-new',
    path: '/:organization/campaigns/new',
    scope: 'organization',
    titleKey: 'campaigns.newTitle',
    page: lazyPage(() => import('../features/campaigns/CampaignSetupPage.tsx')),
    requires: { capabilities: ['content-edit'] },
    fallback: 'campaigns',
    modal: { fallback: 'campaigns' },
  },
  {
    id: 'campaigns-edit',
    path: '/:organization/campaigns/:id',
    scope: 'organization',
    titleKey: 'campaigns.setupTitle',
    page: lazyPage(() => import('../features/campaigns/CampaignSetupPage.tsx')),
    modal: { fallback: 'campaigns' },
  },
  {
    id: 'campaigns-partition',
    path: '/:organization/campaigns/partition/:id',
    scope: 'organization',
    titleKey: 'campaigns.title',
    page: lazyPage(() => import('../features/campaigns/CampaignsPage.tsx')),
  },
  {
    id: 'campaign',
    path: '/:organization/campaign/:campaignId',
    scope: 'organization',
    titleKey: 'campaigns.campaignTitle',
    page: lazyPage(() => import('../features/campaigns/CampaignPage.tsx')),
    fallback: 'campaigns',
  },
  {
    // The header search's "See all results": every match of ?q=… (campaigns for now).
    id: 'search',
    path: '/:organization/search',
    scope: 'organization',
    titleKey: 'search.title',
    page: lazyPage(() => import('../features/search/SearchPage.tsx')),
  },
  {
    // Administrators only; guard 5 sends others to the dashboard with 'Access not allowed'.
    id: 'admin-panel',
    path: '/:organization/admin-panel',
    scope: 'organization',
    titleKey: 'adminPanel.title',
    page: lazyPage(() => import('../features/adminPanel/AdminPanelPage.tsx')),
    requires: ADMIN,
    fallback: 'dashboard',
    navigation: { labelKey: 'adminPanel.title' },
  },
  {
    // Platform §2: settings redirects to settings/profile (SETTINGS_LANDING), open to every member.
    id: 'settings',
    path: '/:organization/settings',
    scope: 'organization',
    titleKey: 'settings.title',
    page: lazyPage(() => import('../features/settings/SettingsRedirect.tsx')),
  },
  {
    // Functional §3: the user's own test profile; no requirement, so guard 5's refusals land here.
    id: 'settings-profile',
    path: '/:organization/settings/profile',
    scope: 'organization',
    titleKey: 'settings.profile.title',
    page: lazyPage(() => import('../features/settings/TestProfilePage.tsx')),
    navigation: { labelKey: 'settings.profile.title', group: 'settings' },
  },
  {
    id: 'settings-users',
    path: '/:organization/settings/users',
    scope: 'organization',
    titleKey: 'settings.users.title',
    page: lazyPage(() => import('../features/settings/UsersPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.users.title', group: 'settings' },
  },
  {
    id: 'settings-user',
    path: '/:organization/settings/users/:id',
    scope: 'organization',
    titleKey: 'settings.user.title',
    page: lazyPage(() => import('../features/settings/UserPage.tsx')),
    requires: ADMIN,
  },
  {
    id: 'settings-access',
    path: '/:organization/settings/access',
    scope: 'organization',
    titleKey: 'settings.access.title',
    page: lazyPage(() => import('../features/settings/AccessPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.access.title', group: 'settings' },
  },
  {
    id: 'settings-issuer',
    path: '/:organization/settings/issuer/:id',
    scope: 'organization',
    titleKey: 'settings.issuer.title',
    page: lazyPage(() => import('../features/settings/IssuerPage.tsx')),
    requires: ADMIN,
    // Its parent path (settings/issuer) is no page.
    fallback: 'settings',
  },
  {
    id: 'settings-security',
    path: '/:organization/settings/security',
    scope: 'organization',
    titleKey: 'settings.security.title',
    page: lazyPage(() => import('../features/settings/SecurityPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.security.title', group: 'settings' },
  },
  {
    // Platform §2 guard 6: administrators whose e-mail domain is the provider's; others go to the dashboard.
    id: 'settings-rules',
    path: '/:organization/settings/rules',
    scope: 'organization',
    titleKey: 'settings.rules.title',
    page: lazyPage(() => import('../features/settings/RulesPage.tsx')),
    requires: { roles: ['System.Admin'], emailDomains: PROVIDER_DOMAINS },
    fallback: 'dashboard',
    refusal: 'named',
  },
];
