import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCESSIBILITY_SCREENS, type AccessibilitySeed } from './support/accessibility-screens.ts';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import type { ScreenViolation } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/**
 * No serious or critical axe-core violation on any screen. One browser and one server visit
 * every screen of ACCESSIBILITY_SCREENS in turn, with data like a small organization's.
 */
describe('accessibility', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await browser?.close();
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

  /** Visits the screens of someone signed out, or signed in, on `page`, adding what axe finds to `found`. */
  async function check(page: Page, signedOut: boolean, seed: AccessibilitySeed, found: ScreenViolation[]) {
    for (const screen of ACCESSIBILITY_SCREENS.filter((one) => (one.signedOut ?? false) === signedOut)) {
      await page.goto(`${baseUrl}${screen.path(seed)}`);
      await waitForSettledScreen(page);
      if (screen.open) {
        await screen.open(page);
        await waitForSettledScreen(page);
      }
      found.push(...(await axeViolations(page, screen.name)));
    }
  }

  it('finds no serious or critical axe-core violation on any screen', { timeout: 600_000 }, async () => {
    const seed = await seeded();
    const found: ScreenViolation[] = [];

    const signedOut = await openPage(browser);
    await check(signedOut.page, true, seed, found);
    await signedOut.context.close();

    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, seed.admin.email, seed.admin.password);
    await check(page, false, seed, found);
    await context.close();

    const notFailing = found.filter((violation) => !FAILING_IMPACTS.has(violation.impact));
    if (notFailing.length > 0)
      console.info(`Moderate and minor findings:\n${describeViolations(notFailing)}`);
    const failing = found.filter((violation) => FAILING_IMPACTS.has(violation.impact));
    expect(failing, describeViolations(failing)).toEqual([]);
  });
});
