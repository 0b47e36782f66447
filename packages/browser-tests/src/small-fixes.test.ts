import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/** The smaller things a marketer hit, each where it was hit. */
describe('small fixes', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let manager: { email: string; password: string };
  let listIds: number[];

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Small Fixes Org');
    manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage', 'Content.Edit'] }]);
    const lists = await writeRecordsAs(herald, manager, organizationId, 'list', [
      { name: 'Pizza Club members who asked for the weekly specials' },
      { name: 'Birthday treats' },
    ]);
    listIds = lists.map((list) => Number(list.id));
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('opens the add-subscriber deep link over the list it adds to, and returns to that list', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    const listId = listIds[1];
    await page.goto(`${baseUrl}/${organizationId}/subscribers/add/${String(listId)}`);
    await page.getByRole('dialog', { name: 'Add subscriber' }).waitFor();
    await page.getByTestId('list-title').filter({ hasText: 'Birthday treats' }).waitFor();
    expect(await page.getByTestId('list-grid').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers/view/${String(listId)}`);
    await context.close();
  });

  it('shows the Lists card of a profile with every Unsubscribe button in view, and custom fields by label', async () => {
    await writeRecordsAs(herald, manager, organizationId, 'customField', [
      { type: 'subscriber', field: 'birthday_club', schema: { dataType: 'boolean' } },
    ]);
    const [subscriber] = await writeRecordsAs(herald, manager, organizationId, 'subscriber', [
      { email: 'ann@example.com', listIds, custom: { birthday_club: true } },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/${String(subscriber?.id)}`);
    const card = page.getByTestId('subscriber-lists');
    const buttons = card.getByTestId('subscriber-list-toggle');
    await buttons.nth(1).waitFor();
    expect(await buttons.count()).toBe(2);
    const cardBox = await card.boundingBox();
    for (const button of await buttons.all()) {
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      if (!cardBox || !box) throw new Error('The card or its button has no box');
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      // Nothing covers or clips it: the point at its middle is the button itself.
      const hit = await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const found = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return found !== null && element.contains(found);
      });
      expect(hit).toBe(true);
      expect(await button.textContent()).toBe('Unsubscribe');
    }
    await page.getByRole('combobox', { name: 'Birthday club', exact: true }).waitFor();
    await context.close();
  });

  it('shows campaign cards without "(ID n)" and says the first tab leaves archived ones out', async () => {
    await writeRecordsAs(herald, manager, organizationId, 'campaign', [
      { name: 'Spring specials', startDate: '2026-03-01' },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/campaigns`);
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Spring specials' });
    await card.waitFor();
    expect(await card.textContent()).not.toMatch(/\(ID \d+\)/);
    await page.getByText('All but archived', { exact: true }).first().waitFor();
    await context.close();
  });

  it("words the admin panel's partition sets as the viewer's access", async () => {
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/admin-panel`);
    await page.getByText('Your access', { exact: true }).waitFor();
    expect(await page.getByTestId('admin-panel-your-access').textContent()).toBe(
      'Head office (all partitions)',
    );
    // The old wording, "Partition sets: None (head office)", read as the organization's; the admin figures below
    // may still count the organization's partition sets.
    expect(await page.getByText('None (head office)').count()).toBe(0);
    await context.close();
  });
});
