import type { Page } from 'playwright-core';
import { tick } from './tick.ts';

/** The ids of what the accessibility check seeds, for screens to build their addresses from. */
export interface AccessibilitySeed {
  organizationId: number;
  /** The administrator who looks at every signed-in screen. */
  userId: number;
  partitionId: number;
  listId: number;
  subscriberId: number;
  campaignId: number;
  /** An e-mail activity of the campaign with no revision yet, opened in the native editor (its starter design). */
  newEmailActivityId: number;
  audienceId: number;
  tagId: number;
  /** A published HTML snippet, and the content block beside it. */
  assetId: number;
  /** A subscriber custom field with a few values to pick from. */
  customField: string;
  /** An e-mail activity of the campaign, with two revisions and a target. */
  activityId: number;
  /** An activity of each channel with its own editor (SMS, push, WhatsApp, LINE, web, display ad). */
  activityIds: Record<'sms' | 'pushnotification' | 'whatsapp' | 'line' | 'web' | 'displayad', number>;
}

/** One screen the accessibility check visits. */
export interface AccessibilityScreen {
  /** Printed beside each violation found on it. */
  name: string;
  /** The screens of someone signed out come first; the rest are seen by the seeded administrator. */
  signedOut?: boolean;
  /** Its address, from the seeded ids; an organization's pages start with `/{organizationId}`. */
  path: (seed: AccessibilitySeed) => string;
  /** What a person does on it before it is checked: open a menu, a drawer, a search. */
  open?: (page: Page) => Promise<void>;
}

const org = (seed: AccessibilitySeed, rest: string) => `/${seed.organizationId}/${rest}`;

async function openMenu(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('menu').waitFor();
}

/**
 * Every screen of the console, with the overlays a person opens on them. A new screen is one entry here;
 * the check in accessibility.test.ts visits them in this order with one browser and one server.
 */
export const ACCESSIBILITY_SCREENS: readonly AccessibilityScreen[] = [
  { name: 'sign-in', signedOut: true, path: () => '/login' },
  { name: 'sign-up', signedOut: true, path: () => '/signup' },
  { name: 'password reset', signedOut: true, path: () => '/passwordreset' },
  { name: 'organizations', path: () => '/organizations' },
  { name: 'account', path: () => '/account' },
  { name: 'dashboard', path: (seed) => org(seed, 'dashboard') },
  {
    name: 'dashboard range menu opened',
    path: (seed) => org(seed, 'dashboard'),
    open: (page) => openMenu(page, 'dashboard-range'),
  },
  {
    name: 'dashboard custom range',
    path: (seed) => org(seed, 'dashboard'),
    open: async (page) => {
      await openMenu(page, 'dashboard-range');
      await page.getByTestId('dashboard-range-custom').click();
      await page.getByTestId('dashboard-date-from').waitFor();
    },
  },
  {
    name: 'user menu opened',
    path: (seed) => org(seed, 'dashboard'),
    open: (page) => openMenu(page, 'user-menu'),
  },
  {
    name: 'organization switcher opened',
    path: (seed) => org(seed, 'dashboard'),
    open: (page) => openMenu(page, 'organization-switcher'),
  },
  {
    name: 'notifications drawer',
    path: (seed) => org(seed, 'dashboard'),
    open: async (page) => {
      await page.getByTestId('notifications-bell').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'header search',
    path: (seed) => org(seed, 'dashboard'),
    open: async (page) => {
      await page.getByTestId('search-input').fill('Spring');
      await page.getByTestId('search-dropdown').getByRole('option').first().waitFor();
    },
  },
  { name: 'search results', path: (seed) => org(seed, 'search?q=Spring') },
  { name: 'campaigns', path: (seed) => org(seed, 'campaigns') },
  { name: 'new campaign', path: (seed) => org(seed, 'campaigns/new') },
  { name: 'campaign setup', path: (seed) => org(seed, `campaigns/${seed.campaignId}`) },
  { name: 'campaigns of a partition', path: (seed) => org(seed, `campaigns/partition/${seed.partitionId}`) },
  { name: 'campaign', path: (seed) => org(seed, `campaign/${seed.campaignId}`) },
  { name: 'new activity over the campaign', path: (seed) => org(seed, `campaign/${seed.campaignId}/new`) },
  { name: 'new activity', path: (seed) => org(seed, 'activity/new') },
  { name: 'activity', path: (seed) => org(seed, `activity/view/${seed.activityId}`) },
  {
    name: 'activity revisions compared',
    path: (seed) => org(seed, `campaign/${seed.campaignId}/view/${seed.activityId}`),
    open: async (page) => {
      for (const box of await page.getByTestId('revision-compare-tick').all()) await tick(box);
      await page.getByTestId('compare-revisions').click();
      await page.getByTestId('revision-comparison').waitFor();
    },
  },
  { name: 'activity settings', path: (seed) => org(seed, `activity/edit/${seed.activityId}`) },
  { name: 'activity sending errors', path: (seed) => org(seed, `activity/viewerror/${seed.activityId}`) },
  { name: 'activity report', path: (seed) => org(seed, `activity/emailreport/${seed.activityId}`) },
  { name: 'activity partition content', path: (seed) => org(seed, `activity/partition/${seed.activityId}`) },
  { name: 'activity not found', path: (seed) => org(seed, 'activity/view/987654') },
  {
    name: 'e-mail editor',
    path: (seed) => org(seed, `activity/editor/${seed.newEmailActivityId}`),
    open: async (page) => {
      await page.getByTestId('email-editor').waitFor();
      // A text block selected, so its rich-text editor and the settings are checked too.
      await page.getByTestId('design-block').first().getByRole('button').first().click();
      await page.getByTestId('rich-text').waitFor();
    },
  },
  {
    name: 'e-mail editor content block picker',
    path: (seed) => org(seed, `activity/editor/${seed.newEmailActivityId}`),
    open: async (page) => {
      await page.getByTestId('email-editor').waitFor();
      await page.getByRole('button', { name: 'Add Content block' }).click();
      await page.getByTestId('content-block-choice').first().waitFor({ timeout: 15_000 });
    },
  },
  { name: 'lists', path: (seed) => org(seed, 'subscribers') },
  { name: 'new list', path: (seed) => org(seed, 'subscribers/new') },
  { name: 'list members', path: (seed) => org(seed, `subscribers/view/${seed.listId}`) },
  { name: 'list import', path: (seed) => org(seed, `subscribers/import/${seed.listId}`) },
  { name: 'add subscriber', path: (seed) => org(seed, `subscribers/add/${seed.listId}`) },
  { name: 'list report', path: (seed) => org(seed, `subscribers/report/${seed.listId}`) },
  { name: 'lists of a partition', path: (seed) => org(seed, `subscribers/partition/${seed.partitionId}`) },
  { name: 'subscribers', path: (seed) => org(seed, 'subscribers/all') },
  { name: 'subscribers searched', path: (seed) => org(seed, 'subscribers/all?q=a') },
  {
    name: 'list export dialog',
    path: (seed) => org(seed, `subscribers/view/${seed.listId}`),
    open: async (page) => {
      await page.getByTestId('list-export').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'subscriber profile', path: (seed) => org(seed, `subscribers/${seed.subscriberId}`) },
  { name: 'audiences', path: (seed) => org(seed, 'audiences') },
  { name: 'audience builder', path: (seed) => org(seed, 'audiences/new') },
  { name: 'audience', path: (seed) => org(seed, `audiences/view/${seed.audienceId}`) },
  { name: 'audience report', path: (seed) => org(seed, `audiences/report/${seed.audienceId}`) },
  { name: 'audiences of a partition', path: (seed) => org(seed, `audiences/partition/${seed.partitionId}`) },
  { name: 'assets', path: (seed) => org(seed, 'assets') },
  { name: 'new asset', path: (seed) => org(seed, 'assets/new') },
  { name: 'asset', path: (seed) => org(seed, `assets/view/${seed.assetId}`) },
  { name: 'asset import', path: (seed) => org(seed, 'assets/importdominos/new') },
  { name: 'assets of a partition', path: (seed) => org(seed, `assets/partition/${seed.partitionId}`) },
  { name: 'content blocks', path: (seed) => org(seed, 'assets/blocks') },
  {
    name: 'content block form',
    path: (seed) => org(seed, 'assets/blocks'),
    open: async (page) => {
      await page.getByTestId('new-content-block').click();
      await page.getByTestId('content-block-name').waitFor();
    },
  },
  { name: 'exports', path: (seed) => org(seed, 'export') },
  { name: 'admin panel', path: (seed) => org(seed, 'admin-panel') },
  { name: 'test profile', path: (seed) => org(seed, 'settings/profile') },
  { name: 'users', path: (seed) => org(seed, 'settings/users') },
  { name: 'user', path: (seed) => org(seed, `settings/users/${seed.userId}`) },
  { name: 'access', path: (seed) => org(seed, 'settings/access') },
  { name: 'security', path: (seed) => org(seed, 'settings/security') },
  { name: 'profile fields', path: (seed) => org(seed, 'settings/profilefields') },
  { name: 'profile field', path: (seed) => org(seed, 'settings/profilefields/country') },
  { name: 'custom fields', path: (seed) => org(seed, 'settings/customfields') },
  { name: 'custom fields import', path: (seed) => org(seed, 'settings/customfields/import') },
  {
    name: 'custom field',
    path: (seed) => org(seed, `settings/customfields/subscriber/${seed.customField}`),
  },
  { name: 'tags', path: (seed) => org(seed, 'settings/tags') },
  { name: 'tag', path: (seed) => org(seed, `settings/tags/${seed.tagId}`) },
  { name: 'partitions', path: (seed) => org(seed, 'settings/partitions') },
  { name: 'partitions import', path: (seed) => org(seed, 'settings/partitions/import') },
  { name: 'partition', path: (seed) => org(seed, `settings/partitions/${seed.partitionId}`) },
  { name: 'templates', path: (seed) => org(seed, 'settings/templates') },
  { name: 'themes', path: (seed) => org(seed, 'settings/themes') },
  { name: 'new theme', path: (seed) => org(seed, 'settings/themes/new') },
  { name: 'targeting rules', path: (seed) => org(seed, 'settings/targeting') },
  { name: 'targeting rule', path: (seed) => org(seed, 'settings/targeting/email') },
  { name: 'domains', path: (seed) => org(seed, 'settings/domains') },
  { name: 'sign-in rules', path: (seed) => org(seed, 'settings/rules') },
  { name: 'organization settings', path: (seed) => org(seed, 'settings/organization') },
  { name: 'advanced settings', path: (seed) => org(seed, 'settings/advanced') },
  ...(['sms', 'pushnotification', 'whatsapp', 'line', 'web', 'displayad'] as const).map((channel) => ({
    name: `${channel} editor`,
    path: (seed: AccessibilitySeed) => org(seed, `activity/editor/${seed.activityIds[channel]}`),
    // Each channel editor has its live preview beside it.
    open: (page: Page) => page.locator('[data-testid$="-editor-preview"]').waitFor(),
  })),
];
