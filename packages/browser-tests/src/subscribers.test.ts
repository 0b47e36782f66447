import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/** How long a screen may take to show what the server answered, on a loaded CI machine (not a timing check). */
const SETTLED = { timeout: 20_000 };

/** The organization's subscribers page and the header search across kinds. */
describe('subscribers page and header search', () => {
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

  /** An organization with three subscribers (one on a list) and a campaign named like one of them. */
  async function seeded(name: string) {
    const organizationId = await createOrganization(herald, name);
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read', 'Content.Edit'] }]);
    const db = herald.database.db;
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Newsletter', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await db
      .insertInto('subscriber')
      .values(
        [
          ['ana@example.test', 'Ana', 'Lima', 'AU', '0400 111 222'],
          ['bruno@example.test', 'Bruno', 'Costa', 'NZ', null],
          ['carla@example.test', 'Carla', 'Anaya', 'AU', null],
        ].map(([email, firstname, lastname, country, phone]) => ({
          organization_id: organizationId,
          email,
          firstname,
          lastname,
          country,
          phone,
          extra: '{}',
          custom: '{}',
          scores: '{}',
          partition_ids: [],
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const ana = people.find((person) => person.email === 'ana@example.test')!.id;
    await db
      .insertInto('list_membership')
      .values({ list_id: list.id, subscriber_id: ana, organization_id: organizationId })
      .execute();
    return { organizationId, reader, listId: list.id, ana };
  }

  const emails = async (page: Page) =>
    (await page.getByTestId('subscriber-link').allTextContents()).map((text) => text.trim());

  it('searches every subscriber, filters by a target and opens a profile', async () => {
    const { organizationId, reader, listId, ana } = await seeded('Subscribers Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('link', { name: 'Subscribers', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers/all`);
    await page.getByRole('heading', { name: 'Subscribers', level: 1 }).waitFor();
    await expect
      .poll(() => emails(page), SETTLED)
      .toEqual(['ana@example.test', 'bruno@example.test', 'carla@example.test']);

    // A name prefix: Ana by her first name, Carla by her last name (Anaya); Bruno by his whole e-mail.
    await page.getByRole('searchbox', { name: 'Search' }).fill('ana');
    await expect.poll(() => emails(page), SETTLED).toEqual(['ana@example.test', 'carla@example.test']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('ana');
    await page.getByRole('searchbox', { name: 'Search' }).fill('BRUNO@example.test');
    await expect.poll(() => emails(page), SETTLED).toEqual(['bruno@example.test']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz');
    await page.getByTestId('list-empty').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => emails(page), SETTLED).toHaveLength(3);

    // A target expression, typed in the builder's text mode, narrows the page and is kept in the URL.
    await page.getByTestId('subscribers-target-toggle').click();
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await page.getByTestId('target-text').fill('country = "AU"');
    await expect.poll(() => emails(page), SETTLED).toEqual(['ana@example.test', 'carla@example.test']);
    expect(new URL(page.url()).searchParams.get('target')).toContain('AU');
    await page.getByTestId('target-text').fill(`list ${listId}`);
    await expect.poll(() => emails(page), SETTLED).toEqual(['ana@example.test']);
    expect(await page.getByTestId('target-warning').count()).toBe(0);

    // The link reproduces the screen; a row opens the profile.
    await page.reload();
    await expect.poll(() => emails(page), SETTLED).toEqual(['ana@example.test']);
    await page.getByTestId('subscriber-row').first().getByTestId('subscriber-name').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers/${ana}`);
    await page.getByRole('heading', { name: 'Ana Lima' }).waitFor();
    await context.close();
  });

  it('says so when the organization has no subscribers yet', async () => {
    const organizationId = await createOrganization(herald, 'Empty Subscribers Org');
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/all`);
    await page.getByTestId('subscribers-empty').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).toContain('Nothing here yet');
    await context.close();
  });

  it('finds a subscriber from the header search, grouped by kind, and opens the profile by keyboard', async () => {
    const { organizationId, reader, ana } = await seeded('Header Search Org');
    await writeRecordsAs(herald, reader, organizationId, 'campaign', [
      { name: 'Ana Launch', startDate: '2026-09-01' },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    const input = page.getByTestId('search-input');
    await input.fill('ana');
    const groups = page.getByTestId('search-group');
    await expect
      .poll(
        async () => groups.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind'))),
        SETTLED,
      )
      .toEqual(['campaign', 'subscriber']);
    const subscriberHits = page.locator('[data-testid="search-result"][data-kind="subscriber"]');
    await expect.poll(() => subscriberHits.count(), SETTLED).toBe(2);
    expect(await groups.nth(1).textContent()).toContain('Subscribers');

    // An exact phone number finds Ana alone; arrows and Enter open her profile.
    await input.fill('0400-111-222');
    await expect
      .poll(() => page.getByTestId('search-result').allTextContents(), SETTLED)
      .toEqual(['Ana Limaana@example.test']);
    await input.press('ArrowDown');
    expect(await page.getByTestId('search-result').getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers/${ana}`);
    await page.getByRole('heading', { name: 'Ana Lima' }).waitFor();

    // Escape closes the dropdown.
    await input.fill('bruno');
    await page.getByTestId('search-result').first().waitFor();
    await input.press('Escape');
    await page.getByTestId('search-dropdown').waitFor({ state: 'hidden' });

    // "See all results": every kind's matches under its heading.
    await input.fill('ana');
    await page.getByTestId('search-result').first().waitFor();
    await page.getByTestId('search-see-all').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/search`);
    const results = page.getByTestId('search-page-result');
    await expect
      .poll(
        () => results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind'))),
        SETTLED,
      )
      .toEqual(['campaign', 'subscriber', 'subscriber']);
    await page.getByRole('heading', { name: 'Subscribers', level: 2 }).waitFor();
    await context.close();
  });
});
