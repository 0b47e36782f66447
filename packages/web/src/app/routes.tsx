import type { AccessRequirement } from '@herald/protocol';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import { readRequirement, writeRequirement } from '../platform/resources/resources.ts';
import type { RouteDefinition } from '../platform/guards/routeDefinition.ts';
import { settingsRoutes } from './settingsRoutes.tsx';

/** Platform §6: security, users and single sign-on issuers are for administrators. */
const ADMIN: AccessRequirement = { capabilities: ['admin'] };

const NEW_ACTIVITY_PAGE = lazyPage(() => import('../features/activities/NewActivityPage.tsx'));
const ACTIVITY_VIEW_PAGE = lazyPage(() => import('../features/activities/ActivityViewPage.tsx'));
const ACTIVITY_EDIT_PAGE = lazyPage(() => import('../features/activities/ActivityEditPage.tsx'));
// The native editor and its channel editors are their own chunk, loaded only on editor routes
// (docs/architecture.md § Activity screens).
const ACTIVITY_EDITOR_PAGE = lazyPage(() => import('../features/activityEditor/ActivityEditorPage.tsx'));
const ACTIVITY_PARTITION_PAGE = lazyPage(
  () => import('../features/activities/ActivityPartitionContentPage.tsx'),
);
const ACTIVITY_ERRORS_PAGE = lazyPage(() => import('../features/activities/ActivityErrorsPage.tsx'));
const ACTIVITY_REPORT_PAGE = lazyPage(() => import('../features/reports/activity/ActivityReportPage.tsx'));
/** Platform §2: one report route per channel, `activity/{channel}report/{id}`; the page serves all seven. */
const REPORT_CHANNELS = ['email', 'pushnotification', 'sms', 'whatsapp', 'web', 'line', 'displayad'] as const;

/**
 * One page of an activity (platform §2): `activity/{page}/{id}` and its alias `campaign/{campaignId}/{page}/{id}`;
 * the id is the activity's on every page, `partition` too (its partition content).
 * Reading activities is enough to open any of them; the settings and the editor are read-only without
 * content-edit. A refused user goes to the campaigns (an alias's parent path is no page).
 */
function activityPageRoutes(
  page: string,
  titleKey: string,
  component: RouteDefinition['page'],
): RouteDefinition[] {
  const common = {
    scope: 'organization',
    titleKey,
    page: component,
    requires: readRequirement('activity'),
    fallback: 'campaigns',
  } as const;
  return [
    { id: `activity-${page}`, path: `/:organization/activity/${page}/:id`, ...common },
    { id: `campaign-activity-${page}`, path: `/:organization/campaign/:campaignId/${page}/:id`, ...common },
  ];
}

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
    requires: writeRequirement('campaign'),
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
  // Activities (platform §2): each page at activity/… and also under its campaign (campaign/{campaignId}/…), which keeps the campaign in the address and the title. A new activity from a
  // campaign opens over the campaign page.
  {
    id: 'campaign-activity-new',
    path: '/:organization/campaign/:campaignId/new',
    scope: 'organization',
    titleKey: 'activities.newTitle',
    page: NEW_ACTIVITY_PAGE,
    requires: writeRequirement('activity'),
    modal: { fallback: 'campaign' },
  },
  {
    id: 'activity-new',
    path: '/:organization/activity/new',
    scope: 'organization',
    titleKey: 'activities.newTitle',
    page: NEW_ACTIVITY_PAGE,
    requires: writeRequirement('activity'),
    fallback: 'campaigns',
  },
  ...activityPageRoutes('view', 'activities.viewTitle', ACTIVITY_VIEW_PAGE),
  ...activityPageRoutes('edit', 'activities.editTitle', ACTIVITY_EDIT_PAGE),
  ...activityPageRoutes('editor', 'activities.editorTitle', ACTIVITY_EDITOR_PAGE),
  ...activityPageRoutes('viewerror', 'activities.viewErrorTitle', ACTIVITY_ERRORS_PAGE),
  ...activityPageRoutes('partition', 'partitionContent.title', ACTIVITY_PARTITION_PAGE),
  ...REPORT_CHANNELS.flatMap((channel) =>
    activityPageRoutes(`${channel}report`, 'activityReport.title', ACTIVITY_REPORT_PAGE),
  ),
  // Subscriber lists (functional §2, platform §2): lists, a new list and a list's members, import and
  // add-subscriber (guard 10: the import rules), the list report, one partition's lists, a subscriber.
  {
    id: 'subscribers',
    path: '/:organization/subscribers',
    scope: 'organization',
    titleKey: 'lists.title',
    page: lazyPage(() => import('../features/lists/ListsPage.tsx')),
    navigation: { labelKey: 'lists.title' },
  },
  {
    // Every subscriber of the organization. Platform §2 gives `subscribers` to the lists, so the
    // whole database is the `all` of them, beside the profile at subscribers/{id}.
    id: 'subscribers-all',
    path: '/:organization/subscribers/all',
    scope: 'organization',
    titleKey: 'subscribers.title',
    page: lazyPage(() => import('../features/subscribers/SubscribersPage.tsx')),
    requires: readRequirement('subscriber'),
    fallback: 'dashboard',
    navigation: { labelKey: 'subscribers.title' },
  },
  {
    id: 'subscribers-new',
    path: '/:organization/subscribers/new',
    scope: 'organization',
    titleKey: 'lists.newTitle',
    page: lazyPage(() => import('../features/lists/NewListPage.tsx')),
    requires: writeRequirement('list'),
    importRule: 'newList',
    fallback: 'subscribers',
    modal: { fallback: 'subscribers' },
  },
  {
    id: 'subscribers-view',
    path: '/:organization/subscribers/view/:id',
    scope: 'organization',
    titleKey: 'lists.viewTitle',
    page: lazyPage(() => import('../features/lists/ListViewPage.tsx')),
    fallback: 'subscribers',
  },
  {
    id: 'subscribers-import',
    path: '/:organization/subscribers/import/:id?',
    scope: 'organization',
    titleKey: 'lists.import.title',
    page: lazyPage(() => import('../features/lists/ImportWizardPage.tsx')),
    requires: writeRequirement('subscriber'),
    importRule: 'subscriberUpload',
    fallback: 'subscribers',
  },
  {
    id: 'subscribers-add',
    path: '/:organization/subscribers/add/:id',
    scope: 'organization',
    titleKey: 'lists.add.title',
    page: lazyPage(() => import('../features/lists/AddSubscriberPage.tsx')),
    requires: writeRequirement('subscriber'),
    importRule: 'subscriberUpload',
    fallback: 'subscribers',
    // Over the list the subscriber joins (its :id), not over all lists: the deep link shows where it lands.
    modal: { fallback: 'subscribers-view' },
  },
  {
    id: 'subscribers-report',
    path: '/:organization/subscribers/report/:id',
    scope: 'organization',
    titleKey: 'lists.report.title',
    page: lazyPage(() => import('../features/lists/ListReportPage.tsx')),
    fallback: 'subscribers',
  },
  {
    id: 'subscribers-partition',
    path: '/:organization/subscribers/partition/:id',
    scope: 'organization',
    titleKey: 'lists.title',
    page: lazyPage(() => import('../features/lists/ListsPage.tsx')),
    fallback: 'subscribers',
  },
  {
    id: 'subscriber',
    path: '/:organization/subscribers/:id',
    scope: 'organization',
    titleKey: 'subscriber.title',
    page: lazyPage(() => import('../features/subscriberProfile/SubscriberProfilePage.tsx')),
    fallback: 'subscribers',
  },
  // Audiences (functional §3): read by head office and franchisees, written by database managers.
  {
    id: 'audiences',
    path: '/:organization/audiences',
    scope: 'organization',
    titleKey: 'audiences.title',
    page: lazyPage(() => import('../features/audiences/AudiencesPage.tsx')),
    requires: { anyCapability: ['base', 'franchisee'] },
    fallback: 'dashboard',
    navigation: { labelKey: 'audiences.title' },
  },
  {
    id: 'audiences-new',
    path: '/:organization/audiences/new',
    scope: 'organization',
    titleKey: 'audiences.newTitle',
    page: lazyPage(() => import('../features/audiences/NewAudiencePage.tsx')),
    requires: writeRequirement('audience'),
    fallback: 'audiences',
  },
  {
    id: 'audiences-view',
    path: '/:organization/audiences/view/:id',
    scope: 'organization',
    titleKey: 'audiences.viewTitle',
    page: lazyPage(() => import('../features/audiences/AudienceViewPage.tsx')),
    requires: { anyCapability: ['base', 'franchisee'] },
    fallback: 'audiences',
  },
  {
    id: 'audiences-report',
    path: '/:organization/audiences/report/:id',
    scope: 'organization',
    titleKey: 'audiences.reportTitle',
    page: lazyPage(() => import('../features/audiences/AudienceReportPage.tsx')),
    requires: { anyCapability: ['base', 'franchisee'] },
    fallback: 'audiences',
  },
  {
    id: 'audiences-partition',
    path: '/:organization/audiences/partition/:id',
    scope: 'organization',
    titleKey: 'audiences.title',
    page: lazyPage(() => import('../features/audiences/AudiencesPage.tsx')),
    requires: { anyCapability: ['base', 'franchisee'] },
    fallback: 'audiences',
  },
  // Assets (functional §2, platform §2): the library of images and HTML snippets, with content blocks as a tab.
  {
    id: 'assets',
    path: '/:organization/assets',
    scope: 'organization',
    titleKey: 'assets.title',
    page: lazyPage(() => import('../features/assets/AssetsPage.tsx')),
    requires: readRequirement('asset'),
    fallback: 'dashboard',
    navigation: { labelKey: 'assets.title' },
  },
  {
    id: 'assets-new',
    path: '/:organization/assets/new',
    scope: 'organization',
    titleKey: 'assets.newTitle',
    page: lazyPage(() => import('../features/assets/NewAssetPage.tsx')),
    requires: writeRequirement('asset'),
    fallback: 'assets',
  },
  {
    id: 'assets-view',
    path: '/:organization/assets/view/:id',
    scope: 'organization',
    titleKey: 'assets.viewTitle',
    page: lazyPage(() => import('../features/assets/AssetViewPage.tsx')),
    requires: readRequirement('asset'),
    fallback: 'assets',
  },
  {
    // Platform §2 names both assets/import and assets/importdominos; both are the bulk import of files.
    id: 'assets-import',
    path: '/:organization/assets/import',
    scope: 'organization',
    titleKey: 'assets.import.title',
    page: lazyPage(() => import('../features/assets/ImportAssetsPage.tsx')),
    requires: writeRequirement('asset'),
    fallback: 'assets',
  },
  {
    // `{id}` is the import's job; `new` (the alias platform §2 gives) and no id start a fresh import.
    id: 'assets-importdominos',
    path: '/:organization/assets/importdominos/:id?',
    scope: 'organization',
    titleKey: 'assets.import.title',
    page: lazyPage(() => import('../features/assets/ImportAssetsPage.tsx')),
    requires: writeRequirement('asset'),
    fallback: 'assets',
  },
  {
    id: 'assets-partition',
    path: '/:organization/assets/partition/:id',
    scope: 'organization',
    titleKey: 'assets.title',
    page: lazyPage(() => import('../features/assets/AssetsPage.tsx')),
    requires: readRequirement('asset'),
    fallback: 'assets',
  },
  {
    id: 'assets-blocks',
    path: '/:organization/assets/blocks',
    scope: 'organization',
    titleKey: 'contentBlocks.title',
    page: lazyPage(() => import('../features/contentBlocks/ContentBlocksPage.tsx')),
    requires: readRequirement('contentBlock'),
    fallback: 'assets',
  },
  {
    // Platform §2 "export (export subscribers)": the export requests and their state.
    id: 'export',
    path: '/:organization/export',
    scope: 'organization',
    titleKey: 'export.title',
    page: lazyPage(() => import('../features/export/ExportPage.tsx')),
    requires: { capabilities: ['database-extract'] },
    fallback: 'dashboard',
    navigation: { labelKey: 'export.title' },
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
  ...settingsRoutes,
];
