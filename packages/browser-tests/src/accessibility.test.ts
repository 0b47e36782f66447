import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ACCESSIBILITY_SCREENS,
  type AccessibilityScreen,
  type AccessibilitySeed,
} from './support/accessibility-screens.ts';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import type { ScreenViolation } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/**
 * No serious or critical axe-core violation on any screen. One browser and one server visit
 * every screen of ACCESSIBILITY_SCREENS in turn, with data like a small organization's: the signed-out
 * screens, then the signed-in ones in parts.
 */
describe('accessibility', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let seed: AccessibilitySeed & { admin: { email: string; password: string } };

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    seed = await seeded();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  /** An organization with a partition, a list of subscribers, a campaign, an audience, a tag and a field. */
  async function seeded(): Promise<AccessibilitySeed & { admin: { email: string; password: string } }> {
    const organizationId = await createOrganization(herald, 'Accessible Bakery');
    const created = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    // The sign-in rules page is for administrators of the provider's own domain.
    const admin = { email: `a11y-${created.id}@example.com`, password: created.password };
    const db = herald.database.db;
    await db.updateTable('user_account').set({ email: admin.email }).where('id', '=', created.id).execute();
    const partition = await db
      .insertInto('partition')
      .values({ organization_id: organizationId, name: 'North' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customField = 'loyalty_tier';
    await writeRecordsAs(herald, admin, organizationId, 'customField', [
      {
        type: 'subscriber',
        field: customField,
        description: 'Loyalty tier',
        schema: { dataType: 'text', values: ['bronze', 'silver', 'gold'] },
      },
    ]);
    const [list] = await writeRecordsAs(herald, admin, organizationId, 'list', [{ name: 'Newsletter' }]);
    const listId = Number(list?.id);
    const subscribers = await writeRecordsAs(herald, admin, organizationId, 'subscriber', [
      { email: 'ana@example.test', firstname: 'Ana', lastname: 'Lima', country: 'AU', listIds: [listId] },
      { email: 'ben@example.test', firstname: 'Ben', country: 'NZ', listIds: [listId] },
      { email: 'chloe@example.test', country: 'SG', listIds: [listId] },
    ]);
    const [campaign] = await writeRecordsAs(herald, admin, organizationId, 'campaign', [
      { name: 'Spring sale', startDate: '2020-01-01', details: 'Always on' },
      { name: 'Spring launch', startDate: '2099-01-01', partitionIds: [partition.id] },
    ]);
    const [newEmail] = await writeRecordsAs(herald, admin, organizationId, 'activity', [
      { campaignId: Number(campaign?.id), type: 'email', name: 'Spring welcome' },
    ]);
    const [audience] = await writeRecordsAs(herald, admin, organizationId, 'audience', [
      { name: 'Australians', target: 'country = "AU"' },
    ]);
    const [tag] = await writeRecordsAs(herald, admin, organizationId, 'tag', [{ name: 'VIP' }]);
    const [activity] = await writeRecordsAs(herald, admin, organizationId, 'activity', [
      {
        campaignId: Number(campaign?.id),
        type: 'email',
        name: 'Spring newsletter',
        target: `list ${listId}`,
        partitionIds: [partition.id],
      },
    ]);
    for (const subject of ['Spring is here', 'Spring is here, {{ subscriber.firstname }}'])
      await commandAs(herald, admin, organizationId, 'saveActivityRevision', {
        activityId: Number(activity?.id),
        content: {
          schemaVersion: 3,
          channels: {
            email: { subject, html: '<html><body><p>Fresh bread\nEvery morning</p></body></html>' },
          },
        },
      });
    // A comment, so the activity page's workflow log shows its table.
    await commandAs(herald, admin, organizationId, 'workflow', {
      activityId: Number(activity?.id),
      action: 'comment',
      text: 'Bake it on Friday',
    });
    const activities = await writeRecordsAs(
      herald,
      admin,
      organizationId,
      'activity',
      (['sms', 'pushnotification', 'whatsapp', 'line', 'web', 'displayad'] as const).map((type) => ({
        campaignId: campaign?.id,
        type,
        name: `Spring ${type}`,
      })),
    );
    await writeRecordsAs(herald, admin, organizationId, 'whatsappTemplate', [
      { name: 'weekly_offer', language: 'en', body: 'Hi {{1}}, {{2}} is on.', status: 'received' },
      { name: 'birthday_treat', language: 'en', body: 'Happy birthday {{1}}!', status: 'paused' },
    ]);
    const activityIds = Object.fromEntries(
      activities.map((activity) => [activity.type, Number(activity.id)]),
    ) as AccessibilitySeed['activityIds'];
    const asset = await commandAs<{ id: number }>(herald, admin, organizationId, 'createAsset', {
      html: '<p>Open every day from 7am</p>',
      name: 'Opening hours',
      altText: '',
      isPublished: true,
    });
    await writeRecordsAs(herald, admin, organizationId, 'contentBlock', [
      { name: 'Footer', content: '<p>Accessible Bakery</p>', tags: ['footer'], isPublished: true },
    ]);
    return {
      admin,
      organizationId,
      userId: created.id,
      partitionId: partition.id,
      listId,
      subscriberId: Number(subscribers[0]?.id),
      campaignId: Number(campaign?.id),
      newEmailActivityId: Number(newEmail?.id),
      audienceId: Number(audience?.id),
      tagId: Number(tag?.id),
      assetId: asset.id,
      customField,
      activityId: Number(activity?.id),
      activityIds,
    };
  }

  /**
   * Opens a signed-in screen as a person following a link would: the app routes to it without loading the
   * page again (through its own history listener), as almost every move in the console does, and the check
   * waits until the shell shows that address's page. Screens of someone signed out, the first screen, and
   * the screen after one whose menu, drawer or dialog was opened are loaded anew, so no overlay carries over.
   */
  async function visit(page: Page, path: string, reload: boolean) {
    if (reload || !page.url().startsWith(baseUrl)) {
      await page.goto(`${baseUrl}${path}`);
      return;
    }
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, path);
    await page.waitForFunction(
      (to) => document.getElementById('main-content')?.dataset.location === to,
      path,
    );
  }

  /** Visits `screens` on `page`, adding what axe finds to `found`. */
  async function check(page: Page, screens: readonly AccessibilityScreen[], found: ScreenViolation[]) {
    let reload = true;
    for (const screen of screens) {
      await visit(page, screen.path(seed), reload || screen.open !== undefined);
      await waitForSettledScreen(page);
      if (screen.open) {
        await screen.open(page);
        await waitForSettledScreen(page);
      }
      reload = screen.open !== undefined || screen.signedOut === true;
      found.push(...(await axeViolations(page, screen.name)));
    }
  }

  function expectNoFailing(found: readonly ScreenViolation[]) {
    const notFailing = found.filter((violation) => !FAILING_IMPACTS.has(violation.impact));
    if (notFailing.length > 0)
      console.info(`Moderate and minor findings:\n${describeViolations(notFailing)}`);
    const failing = found.filter((violation) => FAILING_IMPACTS.has(violation.impact));
    expect(failing, describeViolations(failing)).toEqual([]);
  }

  it('finds no serious or critical axe-core violation on the screens of someone signed out', async () => {
    const found: ScreenViolation[] = [];
    const { page, context } = await openPage(browser);
    await check(
      page,
      ACCESSIBILITY_SCREENS.filter((screen) => screen.signedOut),
      found,
    );
    await context.close();
    expectNoFailing(found);
  });

  // The signed-in screens in a few parts, each with a time limit of its own and each signed in anew.
  const signedIn = ACCESSIBILITY_SCREENS.filter((screen) => !screen.signedOut);
  const PARTS = 3;
  const partSize = Math.ceil(signedIn.length / PARTS);
  const parts = Array.from({ length: PARTS }, (_, index) =>
    signedIn.slice(index * partSize, (index + 1) * partSize),
  );
  it.each(parts.map((screens, index) => ({ screens, part: `${index + 1} of ${PARTS}` })))(
    'finds no serious or critical axe-core violation on the signed-in screens, part $part',
    { timeout: 300_000 },
    async ({ screens }) => {
      const found: ScreenViolation[] = [];
      const { page, context } = await openPage(browser);
      await signIn(page, baseUrl, seed.admin.email, seed.admin.password);
      await check(page, screens, found);
      await context.close();
      expectNoFailing(found);
    },
  );
});
