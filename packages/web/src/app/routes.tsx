import { INTEGRATIONS_FEATURE, type AccessRequirement } from '@herald/protocol';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { lazyPage } from '../platform/lazy/lazyPage.ts';
import { readRequirement, writeRequirement } from '../platform/resources/resources.ts';
import { PROVIDER_DOMAINS } from '../platform/guards/providerDomains.ts';
import type { RouteDefinition } from '../platform/guards/routeDefinition.ts';

/** Platform §6: security, users and single sign-on issuers are for administrators. */
const ADMIN: AccessRequirement = { capabilities: ['admin'] };
/** Platform §6: the credential pages need the integrations feature besides admin. */
const CREDENTIAL_PAGES: AccessRequirement = { capabilities: ['admin'], features: [INTEGRATIONS_FEATURE] };
/** Functional §6: reading tags and their subscribers needs database-view. */
const DATABASE_VIEW: AccessRequirement = { capabilities: ['database-view'] };

const NEW_ACTIVITY_PAGE = lazyPage(() => import('../features/activities/NewActivityPage.tsx'));
const ACTIVITY_VIEW_PAGE = lazyPage(() => import('../features/activities/ActivityViewPage.tsx'));
const ACTIVITY_EDIT_PAGE = lazyPage(() => import('../features/activities/ActivityEditPage.tsx'));
// The native editor and its channel editors are their own chunk, loaded only on editor routes (issue 14).
const ACTIVITY_EDITOR_PAGE = lazyPage(() => import('../features/activityEditor/ActivityEditorPage.tsx'));
const ACTIVITY_PARTITION_PAGE = lazyPage(
  () => import('../features/activities/ActivityPartitionContentPage.tsx'),
);
const ACTIVITY_ERRORS_PAGE = lazyPage(() => import('../features/activities/ActivityErrorsPage.tsx'));

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
    // Issue 13: every subscriber of the organization. Platform §2 gives `subscribers` to the lists, so the
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
  // Functional §6: profile and custom fields are written by those who may write custom fields; partitions need admin.
  {
    id: 'settings-profilefields',
    path: '/:organization/settings/profilefields',
    scope: 'organization',
    titleKey: 'settings.profileFields.title',
    page: lazyPage(() => import('../features/settings/fields/ProfileFieldsPage.tsx')),
    requires: writeRequirement('customField'),
    navigation: { labelKey: 'settings.profileFields.title', group: 'settings' },
  },
  {
    id: 'settings-profilefield',
    path: '/:organization/settings/profilefields/:field',
    scope: 'organization',
    titleKey: 'settings.profileFields.fieldTitle',
    page: lazyPage(() => import('../features/settings/fields/ProfileFieldPage.tsx')),
    requires: writeRequirement('customField'),
    modal: { fallback: 'settings-profilefields' },
  },
  {
    id: 'settings-customfields',
    path: '/:organization/settings/customfields',
    scope: 'organization',
    titleKey: 'settings.customFields.title',
    page: lazyPage(() => import('../features/settings/fields/CustomFieldsPage.tsx')),
    requires: writeRequirement('customField'),
    navigation: { labelKey: 'settings.customFields.title', group: 'settings' },
  },
  {
    id: 'settings-customfields-import',
    path: '/:organization/settings/customfields/import',
    scope: 'organization',
    titleKey: 'settings.customFields.importTitle',
    page: lazyPage(() => import('../features/settings/fields/CustomFieldsImportPage.tsx')),
    requires: writeRequirement('customField'),
    modal: { fallback: 'settings-customfields' },
  },
  {
    id: 'settings-customfield',
    path: '/:organization/settings/customfields/:type/:field',
    scope: 'organization',
    titleKey: 'settings.customFields.fieldTitle',
    page: lazyPage(() => import('../features/settings/fields/CustomFieldPage.tsx')),
    requires: writeRequirement('customField'),
    modal: { fallback: 'settings-customfields' },
  },
  // Functional §3 tags: listed under Settings for those who may read the database; a tag's own page.
  {
    id: 'settings-tags',
    path: '/:organization/settings/tags',
    scope: 'organization',
    titleKey: 'tags.title',
    page: lazyPage(() => import('../features/tags/TagsPage.tsx')),
    requires: DATABASE_VIEW,
    navigation: { labelKey: 'tags.title', group: 'settings' },
  },
  {
    id: 'tag',
    path: '/:organization/settings/tags/:id',
    scope: 'organization',
    titleKey: 'tags.tagTitle',
    page: lazyPage(() => import('../features/tags/TagPage.tsx')),
    requires: DATABASE_VIEW,
    fallback: 'dashboard',
  },
  {
    id: 'settings-partitions',
    path: '/:organization/settings/partitions',
    scope: 'organization',
    titleKey: 'settings.partitions.title',
    page: lazyPage(() => import('../features/settings/partitions/PartitionsPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.partitions.title', group: 'settings' },
  },
  {
    id: 'settings-partitions-import',
    path: '/:organization/settings/partitions/import',
    scope: 'organization',
    titleKey: 'settings.partitions.importTitle',
    page: lazyPage(() => import('../features/settings/partitions/PartitionsImportPage.tsx')),
    requires: ADMIN,
    modal: { fallback: 'settings-partitions' },
  },
  {
    id: 'settings-partition',
    path: '/:organization/settings/partitions/:id',
    scope: 'organization',
    titleKey: 'settings.partitions.partitionTitle',
    page: lazyPage(() => import('../features/settings/partitions/PartitionPage.tsx')),
    requires: ADMIN,
    modal: { fallback: 'settings-partitions' },
  },
  // Functional §2, §3 templates and e-mail themes. Templates are read by head office (uploading needs
  // content-edit, checked on the page); themes need content-edit (functional §6), and guard 9 sends a locked theme
  // or one that fails to load back to the list (ThemePage).
  {
    id: 'settings-templates',
    path: '/:organization/settings/templates',
    scope: 'organization',
    titleKey: 'templates.title',
    page: lazyPage(() => import('../features/templates/TemplatesPage.tsx')),
    requires: readRequirement('template'),
    navigation: { labelKey: 'templates.title', group: 'settings' },
  },
  {
    id: 'settings-themes',
    path: '/:organization/settings/themes',
    scope: 'organization',
    titleKey: 'themes.title',
    page: lazyPage(() => import('../features/themes/ThemesPage.tsx')),
    requires: writeRequirement('theme'),
    navigation: { labelKey: 'themes.title', group: 'settings' },
  },
  {
    // themes/new is this route with the id `new` (platform §2's alias).
    id: 'settings-theme',
    path: '/:organization/settings/themes/:id',
    scope: 'organization',
    titleKey: 'themes.themeTitle',
    page: lazyPage(() => import('../features/themes/ThemePage.tsx')),
    requires: writeRequirement('theme'),
  },
  // Functional §3 targeting rules: one per channel type, for administrators.
  {
    id: 'settings-targeting',
    path: '/:organization/settings/targeting',
    scope: 'organization',
    titleKey: 'targeting.title',
    page: lazyPage(() => import('../features/settings/targeting/TargetingRulesPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'targeting.title', group: 'settings' },
  },
  {
    id: 'settings-targeting-rule',
    path: '/:organization/settings/targeting/:type',
    scope: 'organization',
    titleKey: 'targeting.ruleTitleShort',
    page: lazyPage(() => import('../features/settings/targeting/TargetingRulePage.tsx')),
    requires: ADMIN,
    fallback: 'settings/targeting',
  },
  // Issue 16: sending and tracking domains (platform §2, §6: administrators).
  {
    id: 'settings-domains',
    path: '/:organization/settings/domains',
    scope: 'organization',
    titleKey: 'settings.domains.title',
    page: lazyPage(() => import('../features/settings/domains/DomainsPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.domains.title', group: 'settings' },
  },
  {
    id: 'settings-sending-domain',
    path: '/:organization/settings/sendingdomains/:domain',
    scope: 'organization',
    titleKey: 'settings.domains.sendingDomain',
    page: lazyPage(() => import('../features/settings/domains/SendingDomainPage.tsx')),
    requires: ADMIN,
    // Its parent path (settings/sendingdomains) is no page; a refused user goes where the issuer page sends them.
    fallback: 'settings',
  },
  {
    id: 'settings-tracking-domain',
    path: '/:organization/settings/trackingdomains/:domain',
    scope: 'organization',
    titleKey: 'settings.domains.trackingDomain',
    page: lazyPage(() => import('../features/settings/domains/TrackingDomainPage.tsx')),
    requires: ADMIN,
    fallback: 'settings',
  },
  // Issue 16 §1, §6, §7: the organization page and advanced settings (administrators), and the rules (guard 6).
  {
    id: 'settings-organization',
    path: '/:organization/settings/organization',
    scope: 'organization',
    titleKey: 'settings.organization.title',
    page: lazyPage(() => import('../features/settings/organization/OrganizationPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.organization.title', group: 'settings' },
  },
  {
    id: 'settings-advanced',
    path: '/:organization/settings/advanced',
    scope: 'organization',
    titleKey: 'settings.advanced.title',
    page: lazyPage(() => import('../features/settings/advanced/AdvancedPage.tsx')),
    requires: ADMIN,
    navigation: { labelKey: 'settings.advanced.title', group: 'settings' },
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
    navigation: { labelKey: 'settings.rules.title', group: 'settings' },
  },
  // Issue 16 §5, the credentials vault: administrators, with the integrations feature on (platform §6).
  {
    id: 'settings-credentials',
    path: '/:organization/settings/credentials',
    scope: 'organization',
    titleKey: 'settings.credentials.title',
    page: lazyPage(() => import('../features/settings/credentials/CredentialsPage.tsx')),
    requires: CREDENTIAL_PAGES,
    navigation: { labelKey: 'settings.credentials.title', group: 'settings' },
  },
  {
    // `new` is the form of a credential not saved yet.
    id: 'settings-credential',
    path: '/:organization/settings/credential/:id',
    scope: 'organization',
    titleKey: 'settings.credentials.credentialTitle',
    page: lazyPage(() => import('../features/settings/credentials/CredentialPage.tsx')),
    requires: CREDENTIAL_PAGES,
    // Its parent path (settings/credential) is no page.
    fallback: 'settings/credentials',
  },
];
