import { INTEGRATIONS_FEATURE, type AccessRequirement } from '@herald/protocol';
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

/** The settings pages (platform §2 `settings/…`), each with its guard; routes.tsx lists them after the others. */
export const settingsRoutes: readonly RouteDefinition[] = [
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
  // Sending and tracking domains (platform §2, §6: administrators).
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
  // The organization page and advanced settings (administrators), and the rules (guard 6): docs/architecture.md
  // § Organization settings pages.
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
  // The credentials vault: administrators, with the integrations feature on (platform §6).
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
