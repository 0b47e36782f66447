import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/** The count the builder shows, once it has settled (the exact number is in data-count). */
async function shownCount(page: Page): Promise<string | null> {
  return page
    .getByTestId('target-count-value')
    .getAttribute('data-count', { timeout: 1000 })
    .catch(() => null);
}

/** Waits for the audience's page to show it generated, and answers its size. */
async function generatedSize(page: Page): Promise<string | null> {
  await page.locator('[data-testid="audience-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
  return page.getByTestId('audience-size').getAttribute('data-size');
}

describe('audiences', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let manager: { email: string; password: string };
  let listId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Audience Org');
    manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const [members] = await writeRecordsAs(herald, manager, organizationId, 'list', [{ name: 'Members' }]);
    listId = Number(members?.id);
    // On the list: two in AU, one in NZ, one in SG. Off it: one more in AU, whom a list condition leaves out.
    await writeRecordsAs(herald, manager, organizationId, 'subscriber', [
      { email: 'ann@example.com', country: 'AU', listIds: [listId] },
      { email: 'bob@example.com', country: 'AU', listIds: [listId] },
      { email: 'cat@example.com', country: 'NZ', listIds: [listId] },
      { email: 'dan@example.com', country: 'SG', listIds: [listId] },
      { email: 'eve@example.com', country: 'AU' },
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('builds an audience visually, counts it, shows its text and generates it', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.getByRole('link', { name: 'Audience Org' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audiences' })
      .click();
    await page.getByRole('heading', { name: 'Audiences' }).waitFor();
    await page.getByTestId('new-audience').click();
    await page.getByRole('heading', { name: 'New audience' }).waitFor();
    await page.getByLabel('Name').fill('AU members');

    // The first condition is a list condition: pick the list.
    const rows = page.getByTestId('target-condition');
    await rows.nth(0).getByRole('combobox', { name: 'List', exact: true }).click();
    await page.getByRole('option', { name: 'Members', exact: true }).click();
    await expect.poll(() => shownCount(page)).toBe('4');

    // A field condition: country = "AU".
    await page.getByTestId('target-add-condition').first().click();
    await rows.nth(1).getByRole('combobox', { name: 'Condition', exact: true }).click();
    await page.getByRole('option', { name: 'Field', exact: true }).click();
    const field = rows.nth(1).getByRole('combobox', { name: 'Field', exact: true });
    await field.click();
    await field.fill('country');
    await page.locator('[data-testid="target-field-option"][data-field="country"]').click();
    await rows.nth(1).getByLabel('Value').fill('AU');
    await expect.poll(() => shownCount(page)).toBe('2');
    await expect(page.getByTestId('target-warning').count()).resolves.toBe(0);

    // The text mode shows the canonical text of what was built.
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('target-text').inputValue())
      .toBe(`list ${listId} and country = "AU"`);

    // A list is named: saving needs no confirmation; the server generates the audience.
    await page.getByTestId('audience-save').click();
    await page.getByTestId('audience-title').filter({ hasText: 'AU members' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${organizationId}/audiences/view/\\d+$`));
    expect(await generatedSize(page)).toBe('2');
    await context.close();
  });

  it('asks to confirm a target typed without a list or audience', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/audiences/new`);
    await page.getByRole('heading', { name: 'New audience' }).waitFor();
    await page.getByLabel('Name').fill('Everyone in NZ');
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();

    // A mistake first: the parse error says where.
    await page.getByTestId('target-text').fill('country = ');
    await page.getByTestId('target-parse-error').waitFor();
    await page.getByTestId('target-text').fill('country = "NZ"');
    await expect.poll(() => shownCount(page)).toBe('1');
    await page
      .getByTestId('target-warning')
      .filter({ hasText: 'does not include a list or audience' })
      .waitFor();

    await page.getByTestId('audience-save').click();
    const dialog = page.getByRole('dialog', { name: 'Save without a list or audience?' });
    await dialog.getByText('Your target expression does not include a list or audience.').waitFor();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByTestId('audience-title').filter({ hasText: 'Everyone in NZ' }).waitFor();
    expect(await generatedSize(page)).toBe('1');
    await context.close();
  });

  it('lets an administrator set a targeting rule, refusing to enable one without a target', async () => {
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/targeting`);
    await page.getByRole('heading', { name: 'Targeting rules' }).waitFor();
    await expect.poll(() => page.getByTestId('targeting-rule-row').count()).toBe(4);
    await page.getByRole('link', { name: 'SMS', exact: true }).click();
    await page.getByRole('heading', { name: 'Targeting rule: SMS' }).waitFor();

    // Enabled without a target: the server's reason shows.
    await page.getByTestId('target-condition').getByTestId('target-remove').click();
    await page.getByLabel('Enabled').check({ force: true });
    await page.getByTestId('targeting-rule-save').click();
    await page
      .getByTestId('targeting-rule-error')
      .filter({ hasText: 'An enabled targeting rule needs a target expression' })
      .waitFor();

    // With a target it saves, and the rules page sums it up.
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await page.getByTestId('target-text').fill(`list ${listId}`);
    await page.getByTestId('targeting-rule-save').click();
    await page.getByText('Targeting rule for SMS saved').waitFor();
    await page.getByRole('link', { name: '← Targeting rules' }).click();
    const sms = page.locator('[data-testid="targeting-rule-row"][data-type="sms"]');
    await sms.getByText(`list ${listId}`).waitFor();
    expect(await sms.getByRole('switch').isChecked()).toBe(true);
    await context.close();
  });
});
