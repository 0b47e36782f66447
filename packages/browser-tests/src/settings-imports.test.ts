import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

describe('custom field and partition imports', () => {
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

  async function importFile(page: Page, name: string, content: string) {
    await page
      .getByTestId('file-import-form')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await page.getByTestId('file-import-start').click();
    await page.getByTestId('file-import-outcome').waitFor({ timeout: 30_000 });
  }

  const outcome = (page: Page, name: string) =>
    page.locator(`[data-testid="file-import-outcome"] [data-result="${name}"] td`).nth(1).textContent();

  it('imports custom fields from a file and shows the outcome', async () => {
    const organizationId = await createOrganization(herald, 'Field Import Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const { page, context: browserContext } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/customfields`);
    await page.getByRole('heading', { name: 'Custom fields' }).waitFor();
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('dialog', { name: 'Import custom fields' }).waitFor();
    await importFile(
      page,
      'fields.csv',
      'type,field,groupName,description,dataType,validationRegex\n' +
        'subscriber,loyalty_tier,Loyalty,Tier,text,\n' +
        'purchase,store,Shop,Store code,text,^[A-Z]+$\n',
    );
    expect(await outcome(page, 'created')).toBe('2');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('custom-field-row')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field'))),
      )
      .toEqual(['loyalty_tier', 'store']);
    await browserContext.close();
  });

  it('imports partitions from a file and shows the outcome', async () => {
    const organizationId = await createOrganization(herald, 'Partition Import Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context: browserContext } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/partitions`);
    await page.getByRole('heading', { name: 'Partitions', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('dialog', { name: 'Import partitions' }).waitFor();
    await importFile(page, 'partitions.csv', 'name,externalRef,region\nNorth,N-1,north\nSouth,S-1,south\n');
    expect(await outcome(page, 'created')).toBe('2');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('partition-row').filter({ hasText: 'South' }).waitFor();
    await browserContext.close();
  });
});
