import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };
type PartitionContentReply = {
  partitionContent: Array<{ partitionId: number; assetOptins: number[]; lsm: Array<{ contentId: number }> }>;
};

const SLOW = { timeout: 15_000 };
const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * `activity/partition/{id}` is the activity's partition content, per partition: content blocks
 * picked from published ones, reordered and removed, and asset opt-ins, saved per partition.
 */
describe('partition content', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let editor: User;
  let northEditor: User;
  let campaignId: number;
  let north: { id: number; setId: number };
  let south: { id: number; setId: number };
  let blocks: Record<'footer' | 'promo' | 'social', number>;
  let assetId: number;

  async function addPartition(name: string) {
    const db = herald.database.db;
    const set = await db
      .insertInto('partition_set')
      .values({ organization_id: organizationId, name: `${name} set` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const partition = await db
      .insertInto('partition')
      .values({ organization_id: organizationId, partition_set_id: set.id, name, custom_fields: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: partition.id, setId: set.id };
  }

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Partition Bakery');
    north = await addPartition('North');
    south = await addPartition('South');
    editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    northEditor = await createUser(herald, [
      { organizationId, roles: ['Content.Edit'], partitionsets: [north.setId] },
    ]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Local menus', startDate: '2026-03-01' },
    ]);
    campaignId = Number(campaign?.id);
    const written = await writeRecordsAs(herald, editor, organizationId, 'contentBlock', [
      { name: 'Footer', content: '<p>12 Baker St</p>', tags: ['footer'], isPublished: true },
      { name: 'Promo', content: '<p>Two for one</p>', tags: ['promo'], isPublished: true },
      { name: 'Social', content: '<p>Follow us</p>', tags: [], isPublished: true },
      { name: 'Draft idea', content: '<p>Not yet</p>', tags: [], isPublished: false },
    ]);
    const [footer, promo, social] = written.map((block) => Number(block.id));
    blocks = { footer: footer!, promo: promo!, social: social! };
    assetId = (
      await commandAs<{ id: number }>(herald, editor, organizationId, 'createAsset', {
        html: '<p>Open every day from 7am</p>',
        name: 'Opening hours',
        altText: '',
        isPublished: true,
      })
    ).id;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  async function newActivity(name: string, partitionIds: number[]): Promise<number> {
    const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      { campaignId, type: 'email', name, partitionIds },
    ]);
    return Number(activity?.id);
  }

  async function signedInAt(user: User, path: string) {
    const opened = await openPage(browser);
    await signIn(opened.page, baseUrl, user.email, user.password);
    await opened.page.goto(`${baseUrl}/${organizationId}/${path}`);
    return opened;
  }

  const storedContent = async (activityId: number) =>
    (
      await commandAs<PartitionContentReply>(herald, editor, organizationId, 'getActivityPartitionContent', {
        activityId,
      })
    ).partitionContent;

  it(
    'orders blocks and opts in assets per partition, saves them, and removes a stored block',
    { timeout: 180_000 },
    async () => {
      const activityId = await newActivity('Weekend specials', [north.id, south.id]);
      const { page, context } = await signedInAt(editor, `activity/view/${activityId}`);
      // The activity's header leads to its partition content, an activity page like the others.
      await page.getByTestId('activity-page-partition').click();
      await page.waitForURL((url) => url.pathname === `/${organizationId}/activity/partition/${activityId}`);
      const cards = page.getByTestId('partition-content');
      await cards.nth(1).waitFor(SLOW);
      expect(await cards.count()).toBe(2);
      const northCard = page.locator(`[data-testid="partition-content"][data-partition-id="${north.id}"]`);
      await northCard.getByTestId('partition-blocks-empty').waitFor();

      // Only published blocks are offered; two are added, then the second is moved first.
      await northCard.getByTestId('partition-block-picker').click();
      const offered = await page.getByRole('option').allTextContents();
      expect(offered).toEqual(['Footer (footer)', 'Promo (promo)', 'Social']);
      await page.getByRole('option', { name: 'Footer (footer)' }).click();
      await northCard.getByTestId('partition-block-add').click();
      await northCard.getByTestId('partition-block-picker').click();
      await page.getByRole('option', { name: 'Promo (promo)' }).click();
      await northCard.getByTestId('partition-block-add').click();
      await northCard.getByRole('button', { name: 'Move Promo up' }).click();
      expect(await northCard.getByTestId('partition-block').allTextContents()).toEqual([
        expect.stringContaining('1. Promo'),
        expect.stringContaining('2. Footer'),
      ]);
      await northCard.getByTestId('partition-assets').click();
      await page.getByRole('option', { name: 'Opening hours' }).click();
      await page.keyboard.press('Escape');
      await northCard.getByTestId('partition-content-unsaved').waitFor();
      await northCard.getByRole('button', { name: 'Save North' }).click();
      await northCard.getByTestId('partition-content-unsaved').waitFor({ state: 'detached', ...SLOW });

      expect(await storedContent(activityId)).toEqual([
        {
          partitionId: north.id,
          assetOptins: [assetId],
          lsm: [{ contentId: blocks.promo }, { contentId: blocks.footer }],
        },
      ]);

      // After a reload the order is as saved; removing a stored block takes it out on the server at once.
      await page.reload();
      await northCard.getByTestId('partition-block').nth(1).waitFor(SLOW);
      await northCard.getByRole('button', { name: 'Remove Footer' }).click();
      await northCard
        .getByTestId('partition-block')
        .nth(1)
        .waitFor({ state: 'detached', ...SLOW });
      await expect
        .poll(() => storedContent(activityId), SLOW)
        .toEqual([{ partitionId: north.id, assetOptins: [assetId], lsm: [{ contentId: blocks.promo }] }]);
      // The South card was never touched and holds nothing.
      const southCard = page.locator(`[data-testid="partition-content"][data-partition-id="${south.id}"]`);
      await southCard.getByTestId('partition-blocks-empty').waitFor();
      await context.close();
    },
  );

  it('shows partition content saved elsewhere live, without a reload', async () => {
    const activityId = await newActivity('Live specials', [north.id]);
    const { page, context } = await signedInAt(editor, `activity/partition/${activityId}`);
    const card = page.getByTestId('partition-content');
    await card.getByTestId('partition-blocks-empty').waitFor(SLOW);
    await commandAs(herald, editor, organizationId, 'setActivityPartitionContent', {
      activityId,
      partitionId: north.id,
      assetOptins: [],
      lsm: [{ contentId: blocks.social }],
    });
    await card.getByTestId('partition-block').filter({ hasText: 'Social' }).waitFor(SLOW);
    await context.close();
  });

  it('keeps the campaign in the address, and says when the activity has no partitions', async () => {
    const activityId = await newActivity('Everyone at once', []);
    const { page, context } = await signedInAt(editor, `campaign/${campaignId}/partition/${activityId}`);
    await page.getByTestId('partition-content-empty').waitFor(SLOW);
    expect(await page.getByTestId('partition-content').count()).toBe(0);
    await page.getByTestId('partition-settings-link').click();
    await page.waitForURL(
      (url) => url.pathname === `/${organizationId}/campaign/${campaignId}/edit/${activityId}`,
    );
    expect(pathOf(page)).toBe(`/${organizationId}/campaign/${campaignId}/edit/${activityId}`);
    await context.close();
  });

  it('shows an archived activity’s partition content read-only', async () => {
    const activityId = await newActivity('Last season', [north.id]);
    await commandAs(herald, editor, organizationId, 'setActivityPartitionContent', {
      activityId,
      partitionId: north.id,
      assetOptins: [assetId],
      lsm: [{ contentId: blocks.footer }],
    });
    await writeRecordsAs(herald, editor, organizationId, 'activity', [
      { id: activityId, version: 1, isArchived: true },
    ]);
    const { page, context } = await signedInAt(editor, `activity/partition/${activityId}`);
    await page.getByTestId('partition-content-archived').waitFor(SLOW);
    const card = page.getByTestId('partition-content');
    await card.getByTestId('partition-block').filter({ hasText: 'Footer' }).waitFor(SLOW);
    expect(await card.getByTestId('partition-block-remove').count()).toBe(0);
    expect(await card.getByTestId('partition-block-picker').count()).toBe(0);
    expect(await card.getByTestId('partition-content-save').count()).toBe(0);
    await context.close();
  });

  it('shows a partition-restricted editor only their partitions', async () => {
    const activityId = await newActivity('Store openings', [north.id, south.id]);
    const { page, context } = await signedInAt(northEditor, `activity/partition/${activityId}`);
    await page.getByTestId('partition-content').first().waitFor(SLOW);
    expect(await page.getByTestId('partition-content').getAttribute('data-partition-id')).toBe(
      String(north.id),
    );
    expect(await page.getByTestId('partition-content').count()).toBe(1);
    await context.close();
  });
});
