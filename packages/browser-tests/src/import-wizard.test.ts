import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/** Thirty note columns make the mapping step far taller than the window. */
const NOTES = Array.from({ length: 30 }, (_, index) => `Note ${index + 1}`);

/** Good rows, then a bad address, a repeated address and a shoe size that is not a number. */
const WIDE_CSV = [
  ['Email', 'Loyalty Tier', 'Reward Points', 'Shoe Size', ...NOTES],
  ['ann@example.com', 'gold', '10', '38', ...NOTES.map(() => 'n')],
  ['bob@example.com', 'silver', '5', '42', ...NOTES.map(() => 'n')],
  ['not-an-email', 'gold', '1', '40', ...NOTES.map(() => 'n')],
  ['ANN@example.com', 'bronze', '2', '39', ...NOTES.map(() => 'n')],
  ['cat@example.com', 'gold', '3', 'big', ...NOTES.map(() => 'n')],
]
  .map((row) => row.join(','))
  .join('\n');

/** Whether the element is wholly inside the window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('the import wizard', () => {
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

  it('suggests and creates custom fields, keeps Next in view, lists the rejected rows and ends done', async () => {
    const organizationId = await createOrganization(herald, 'Wizard Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const db = herald.database.db;
    await db
      .insertInto('custom_field')
      .values([
        { organization_id: organizationId, type: 'subscriber', field: 'loyalty_tier', schema: '{}' },
        {
          organization_id: organizationId,
          type: 'subscriber',
          field: 'pts',
          description: 'Reward points',
          schema: '{"dataType":"number"}',
        },
      ])
      .execute();
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Club', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import/${list.id}`);
    await page
      .getByTestId('import-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'club.csv', mimeType: 'text/csv', buffer: Buffer.from(WIDE_CSV) });
    await page.getByTestId('import-mapping-step').waitFor();

    // "Loyalty Tier" names the field loyalty_tier; "Reward Points" is the label of the field pts.
    const target = (column: string) => page.getByRole('combobox', { name: `Import column ${column} as` });
    await expect.poll(() => target('Loyalty Tier').inputValue()).toBe('Custom field: loyalty_tier');
    expect(await target('Reward Points').inputValue()).toBe('Custom field: pts');
    expect(await target('Shoe Size').inputValue()).toBe('Skip this column');

    // The page is far taller than the window, and Next and Back stay in view wherever it is scrolled.
    const lastColumn = page.locator('[data-testid="import-column"][data-column="Note 30"]');
    expect(await inView(page, lastColumn)).toBe(false);
    expect(await inView(page, page.getByTestId('import-next'))).toBe(true);
    expect(await inView(page, page.getByRole('button', { name: 'Back' }))).toBe(true);
    await lastColumn.scrollIntoViewIfNeeded();
    expect(await inView(page, page.getByTestId('import-next'))).toBe(true);

    // A field for the shoe size, created from the mapping step and mapped to its column.
    await page.getByRole('button', { name: 'New custom field for column Shoe Size' }).click();
    const dialog = page.getByRole('dialog', { name: 'New custom field for "Shoe Size"' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Field name').inputValue()).toBe('shoe_size');
    await dialog.getByRole('combobox', { name: 'Kind of value' }).click();
    await page.getByRole('option', { name: 'Number' }).click();
    await dialog.getByTestId('import-create-field-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => target('Shoe Size').inputValue()).toBe('Custom field: shoe_size');
    const created = await db
      .selectFrom('custom_field')
      .select(['schema', 'description'])
      .where('organization_id', '=', organizationId)
      .where('field', '=', 'shoe_size')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ schema: { dataType: 'number' }, description: 'Shoe Size' });

    // The list option in a marketer's words.
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-options-step').waitFor();
    const optIn = page.getByRole('radio', { name: /^Subscribe them/ });
    expect(await optIn.isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Keep them on the list without their agreement/ }).check();
    await page.getByTestId('import-start').click();

    await page.locator('[data-testid="import-job"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    // Every step shows done: the last one a check, not "4".
    await page.locator('[data-testid="import-stepper"][data-finished="true"]').waitFor();
    const lastStep = page.locator('.mantine-Stepper-step').nth(3);
    expect(await lastStep.getAttribute('data-completed')).not.toBeNull();
    expect((await lastStep.locator('.mantine-Stepper-stepIcon').textContent())?.trim()).toBe('');

    // The first rejected rows, in the page: line, value and why.
    const rejections = page.getByTestId('import-rejection');
    await expect.poll(() => rejections.count()).toBe(3);
    const cells = async (index: number) =>
      (await rejections.nth(index).locator('td').allTextContents()).map((text) => text.trim());
    expect(await cells(0)).toEqual(['4', 'not-an-email', 'Not a valid e-mail address']);
    expect(await cells(1)).toEqual(['5', 'ANN@example.com', 'Same e-mail address as line 2']);
    expect(await cells(2)).toEqual(['6', 'big', 'Custom field: shoe_size is not a number']);

    const memberships = await db
      .selectFrom('list_membership')
      .select('list_option')
      .where('list_id', '=', list.id)
      .execute();
    expect(memberships.map((row) => row.list_option)).toEqual(['optout', 'optout']);
    await context.close();
  });
});
