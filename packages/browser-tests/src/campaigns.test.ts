import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { appAlert, signIn } from './support/sign-in.ts';

/** The names on the campaign cards (grid view) or rows (list view), in order. */
/** How long a poll waits for the list to settle: a page's first load on a loaded machine can take seconds. */
const SETTLED = { timeout: 15_000 };

async function shownNames(page: Page): Promise<string[]> {
  const names = page.getByTestId('campaigns-page').getByTestId('campaign-name');
  return (await names.allTextContents()).map((text) => text.trim());
}

/** The range text once no query is in flight; poll it, since a click may not have started its query yet. */
async function settledRange(page: Page): Promise<string> {
  await page.locator('[data-testid="campaigns-page"][aria-busy="false"]').waitFor();
  return ((await page.getByTestId('list-range').textContent()) ?? '').trim();
}

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('campaigns', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  /** An organization with 28 active, 2 upcoming, 2 completed and 1 archived campaign, and an editor. */
  async function seededOrganization(name: string) {
    const organizationId = await createOrganization(herald, name);
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const pad = (n: number) => String(n).padStart(2, '0');
    await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      ...Array.from({ length: 28 }, (_, index) => ({
        name: `Alpha ${pad(index + 1)}`,
        startDate: `2020-01-${pad(index + 1)}`,
        details: 'Always on',
      })),
      { name: 'Upcoming A', startDate: '2099-01-01' },
      { name: 'Upcoming B', startDate: '2099-02-01', endDate: '2099-03-01' },
      { name: 'Done A', startDate: '2019-01-01', endDate: '2019-12-31' },
      { name: 'Done B', startDate: '2019-02-01', endDate: '2019-03-01' },
      { name: 'Archived A', startDate: '2020-01-01', isArchived: true },
    ]);
    return { organizationId, editor };
  }

  it('filters, sorts, searches and pages campaigns, with the state in the URL', async () => {
    const { organizationId, editor } = await seededOrganization('Filtered Campaigns Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.getByRole('link', { name: 'Filtered Campaigns Org' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Campaigns' })
      .click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/campaigns`);
    await expect.poll(() => page.title(), SETTLED).toBe('Filtered Campaigns Org - Campaigns');

    // All: every campaign not archived, newest first, 25 to a page, as cards (the grid is the default view).
    await expect.poll(() => settledRange(page), SETTLED).toBe('1–25 of 32');
    expect(await page.getByTestId('campaign-card').count()).toBe(25);
    expect((await shownNames(page))[0]).toBe('Done B');

    await page.getByTestId('list-filter').getByText('Upcoming').click();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Upcoming B', 'Upcoming A']);
    expect(search(page)).toEqual({ filter: 'upcoming' });
    await page.getByTestId('list-filter').getByText('Completed').click();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Done B', 'Done A']);
    await page.getByTestId('list-filter').getByText('Archived', { exact: true }).click();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Archived A']);
    await page.getByTestId('list-filter').getByText('Active').click();
    await expect.poll(() => settledRange(page), SETTLED).toBe('1–25 of 28');

    // Sort by name, ascending, then the second page.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name' }).click();
    await page.getByRole('button', { name: 'Descending' }).click();
    await expect.poll(() => shownNames(page).then((names) => names[0]), SETTLED).toBe('Alpha 01');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Alpha 26', 'Alpha 27', 'Alpha 28']);
    await expect.poll(() => settledRange(page), SETTLED).toBe('26–28 of 28');
    expect(search(page)).toEqual({ filter: 'active', sort: 'name', order: 'asc', page: '2' });

    // A link reproduces the screen.
    await page.reload();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Alpha 26', 'Alpha 27', 'Alpha 28']);

    // The list view shows rows; a search (sent after the debounce) goes back to page 1.
    await page.getByTestId('list-view').getByText('List').click();
    await page.getByTestId('campaign-row').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('alpha 1');
    await expect
      .poll(() => shownNames(page))
      .toEqual([
        'Alpha 10',
        'Alpha 11',
        'Alpha 12',
        'Alpha 13',
        'Alpha 14',
        'Alpha 15',
        'Alpha 16',
        'Alpha 17',
        'Alpha 18',
        'Alpha 19',
      ]);
    expect(search(page)).toEqual({
      filter: 'active',
      sort: 'name',
      order: 'asc',
      view: 'list',
      search: 'alpha 1',
    });

    // Back (the search replaced its entry): the second page of the list view.
    await page.goBack();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Alpha 26', 'Alpha 27', 'Alpha 28']);
    await context.close();
  });

  it('opens a campaign as an overlay over its list and closes it back to the same list', async () => {
    const { organizationId, editor } = await seededOrganization('Overlay Campaigns Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    const listUrl = `${baseUrl}/${organizationId}/campaigns?filter=active&sort=name&order=asc&page=2`;
    await page.goto(listUrl);
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Alpha 26', 'Alpha 27', 'Alpha 28']);

    await page
      .getByTestId('campaign-card')
      .filter({ hasText: 'Alpha 27' })
      .getByTestId('campaign-name')
      .click();
    const dialog = page.getByRole('dialog', { name: 'Campaign setup' });
    await dialog.waitFor();
    const opened = new URL(page.url());
    expect(opened.pathname).toMatch(new RegExp(`^/${organizationId}/campaigns/\\d+$`));
    const campaignId = opened.pathname.split('/').pop();
    expect(opened.search).toBe('?filter=active&sort=name&order=asc&page=2');
    await expect.poll(() => dialog.getByLabel('Name').inputValue(), SETTLED).toBe('Alpha 27');
    await expect
      .poll(() => page.title(), SETTLED)
      .toBe(`Overlay Campaigns Org - Campaign setup - (ID ${campaignId})`);
    // The list stays behind the overlay.
    expect(await shownNames(page)).toEqual(['Alpha 26', 'Alpha 27', 'Alpha 28']);

    // Edit and save: the overlay closes and the list shows the new name.
    await dialog.getByLabel('Name').fill('Alpha 27 renamed');
    await dialog.getByLabel('Details').fill('Renamed in the overlay');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Campaign saved').waitFor();
    expect(page.url()).toBe(listUrl);
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Alpha 26', 'Alpha 27 renamed', 'Alpha 28']);

    // Opened again and closed with its close button: back to the list as it was.
    await page
      .getByTestId('campaign-card')
      .filter({ hasText: 'Alpha 26' })
      .getByTestId('campaign-name')
      .click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(listUrl);
    await expect.poll(() => page.title(), SETTLED).toBe('Overlay Campaigns Org - Campaigns');

    // A direct visit renders the list behind the overlay; Escape closes it to the list.
    await page.goto(`${baseUrl}/${organizationId}/campaigns/${campaignId}`);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Name').inputValue(), SETTLED).toBe('Alpha 27 renamed');
    await page.getByTestId('campaign-card').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/campaigns`);
    await expect.poll(() => settledRange(page), SETTLED).toBe('1–25 of 32');

    // Archive, with a confirmation: the archived list behind the overlay takes it in.
    await page.goto(`${baseUrl}/${organizationId}/campaigns/${campaignId}?filter=archived`);
    await dialog.waitFor();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Archived A']);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await dialog.getByTestId('campaign-archive-confirm').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Campaign archived').waitFor();
    await dialog.getByTestId('campaign-archived').waitFor();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Archived A', 'Alpha 27 renamed']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(search(page)).toEqual({ filter: 'archived' });

    // The campaign's own page.
    await page.goto(`${baseUrl}/${organizationId}/campaign/${campaignId}`);
    await page.getByTestId('campaign-title').filter({ hasText: 'Alpha 27 renamed' }).waitFor();
    expect(await page.getByTestId('campaign-details').textContent()).toBe('Renamed in the overlay');
    await page.getByTestId('campaign-activities-empty').waitFor();
    await expect.poll(() => page.title(), SETTLED).toBe(`Overlay Campaigns Org - Campaign - ${campaignId}`);
    await context.close();
  });

  it('campaigns/partition/{id} lists the campaigns of one partition; a reader cannot open campaigns/new', async () => {
    const organizationId = await createOrganization(herald, 'Partitioned Campaigns Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const [north, south] = await herald.database.db
      .insertInto('partition')
      .values([
        { organization_id: organizationId, name: 'North' },
        { organization_id: organizationId, name: 'South' },
      ])
      .returning('id')
      .execute();
    if (!north || !south) throw new Error('no partitions');
    await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'North only', startDate: '2020-01-01', partitionIds: [north.id] },
      { name: 'South only', startDate: '2020-01-01', partitionIds: [south.id] },
      { name: 'Both', startDate: '2020-01-01', partitionIds: [north.id, south.id] },
      { name: 'Head office', startDate: '2020-01-01' },
    ]);

    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/campaigns/partition/${north.id}`);
    await expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual(['Both', 'North only']);
    await page.getByRole('heading', { name: `Campaigns of partition ${north.id}` }).waitFor();
    await expect
      .poll(() => page.title(), SETTLED)
      .toBe(`Partitioned Campaigns Org - Campaigns - (ID ${north.id})`);
    await page.goto(`${baseUrl}/${organizationId}/campaigns`);
    await expect
      .poll(() => shownNames(page), SETTLED)
      .toEqual(['Head office', 'Both', 'South only', 'North only']);
    // The partition selector offers the organization's partitions and filters the list by one.
    await page.getByTestId('list-partition').click();
    await page.getByRole('option', { name: 'South' }).click();
    await expect.poll(() => shownNames(page), SETTLED).toEqual(['Both', 'South only']);
    expect(new URL(page.url()).searchParams.get('partition')).toBe(String(south.id));

    // Creating needs the Edit Content role: guard 5 sends the reader back to the list.
    await page.goto(`${baseUrl}/${organizationId}/campaigns/new`);
    await appAlert(page, 'Access not allowed').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/campaigns`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('a campaign created in one browser appears live in another, without a reload', async () => {
    const organizationId = await createOrganization(herald, 'Live Campaigns Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);

    const watcher = await openPage(browser);
    await signIn(watcher.page, baseUrl, reader.email, reader.password);
    await watcher.page.goto(`${baseUrl}/${organizationId}/campaigns`);
    await watcher.page.getByTestId('list-empty').waitFor();
    // Readers get no New button.
    expect(await watcher.page.getByTestId('new-campaign').count()).toBe(0);

    const creator = await openPage(browser);
    await signIn(creator.page, baseUrl, editor.email, editor.password);
    await creator.page.goto(`${baseUrl}/${organizationId}/campaigns`);
    await creator.page.getByTestId('list-empty').waitFor();
    await creator.page.getByTestId('new-campaign').click();
    const dialog = creator.page.getByRole('dialog', { name: 'New campaign' });
    await dialog.waitFor();
    expect(new URL(creator.page.url()).pathname).toBe(`/${organizationId}/campaigns/new`);
    await dialog.getByLabel('Name').fill('Summer launch');
    await dialog.getByLabel('Start date').fill('2020-06-01');
    await dialog.getByLabel('End date').fill('2099-08-31');
    // The date picker's calendar opens under the field; leaving the field closes it.
    await dialog.getByLabel('End date').press('Tab');
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await creator.page.getByTestId('campaign-card').filter({ hasText: 'Summer launch' }).waitFor();

    // The reader's open list gets it from the records push.
    const card = watcher.page.getByTestId('campaign-card').filter({ hasText: 'Summer launch' });
    await card.waitFor({ timeout: 5_000 });
    expect(await card.getByTestId('campaign-state').textContent()).toBe('Active');

    // The reader opens it read-only.
    await card.getByTestId('campaign-name').click();
    const readOnly = watcher.page.getByRole('dialog', { name: 'Campaign setup' });
    await readOnly.getByTestId('campaign-read-only').waitFor();
    expect(await readOnly.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // Meanwhile the editor edits it; a change saved by someone else first makes the save stale, not lost.
    const { page } = creator;
    await page
      .getByTestId('campaign-card')
      .filter({ hasText: 'Summer launch' })
      .getByTestId('campaign-name')
      .click();
    const setup = page.getByRole('dialog', { name: 'Campaign setup' });
    await expect.poll(() => setup.getByLabel('Name').inputValue(), SETTLED).toBe('Summer launch');
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
    await setup.getByLabel('Details').fill('My edit');
    await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { id: campaignId, version: 1, name: 'Summer launch v2' },
    ]);
    await card.filter({ hasText: 'Summer launch v2' }).waitFor({ timeout: 5_000 });
    await setup.getByRole('button', { name: 'Save' }).click();
    const stale = setup.getByTestId('campaign-save-error');
    await stale.waitFor();
    expect(await stale.getAttribute('data-error-type')).toBe('StaleRecordError');
    expect(await stale.textContent()).toBe(
      'This record was changed by someone else. Reload it and try again.',
    );
    await setup.getByRole('button', { name: /Load the latest version/ }).click();
    await expect.poll(() => setup.getByLabel('Name').inputValue(), SETTLED).toBe('Summer launch v2');
    expect(await setup.getByLabel('Details').inputValue()).toBe('');

    await watcher.context.close();
    await creator.context.close();
  });
});
