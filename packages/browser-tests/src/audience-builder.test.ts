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

/** The texts of the options of the dropdown now open. */
async function openOptions(page: Page): Promise<string[]> {
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option').first().waitFor();
  return listbox.getByRole('option').allTextContents();
}

/** Signs in through the Japanese sign-in form, as a person whose browser is set to Japanese would. */
async function signInInJapanese(page: Page, baseUrl: string, user: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByRole('button', { name: '続行' }).click();
  await page.getByLabel('パスワード', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'サインイン' }).click();
  await page.getByRole('heading', { name: '組織を選択' }).waitFor();
}

describe('the audience builder', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let manager: { email: string; password: string };
  let listId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Builder Org');
    manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    await writeRecordsAs(herald, manager, organizationId, 'customField', [
      {
        type: 'subscriber',
        field: 'loyalty_tier',
        description: 'Pizza Club tier',
        schema: { dataType: 'text', values: ['bronze', 'silver', 'gold'] },
      },
      { type: 'subscriber', field: 'birthday_club', schema: { dataType: 'boolean' } },
    ]);
    const [members] = await writeRecordsAs(herald, manager, organizationId, 'list', [{ name: 'Members' }]);
    listId = Number(members?.id);
    await writeRecordsAs(herald, manager, organizationId, 'subscriber', [
      { email: 'ann@example.com', country: 'AU', custom: { loyalty_tier: 'gold' }, listIds: [listId] },
      { email: 'bob@example.com', country: 'AU', custom: { loyalty_tier: 'silver' }, listIds: [listId] },
      { email: 'cat@example.com', country: 'NZ', custom: { loyalty_tier: 'gold' }, listIds: [listId] },
      { email: 'dan@example.com', country: 'AU', custom: { loyalty_tier: 'gold' } },
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('offers translated field labels in Japanese, a text field only its operators, and a choice field its values', async () => {
    const { page, context } = await openPage(browser, { locale: 'ja' });
    await signInInJapanese(page, baseUrl, manager);
    await page.goto(`${baseUrl}/${organizationId}/audiences/new`);
    const row = page.getByTestId('target-condition').first();
    await row.getByTestId('target-kind').click();
    await page.getByRole('option', { name: 'フィールド', exact: true }).click();

    // Labels in Japanese, the key beneath; no raw i18n key, and the custom field in words.
    await row.getByTestId('target-field').click();
    const labels = await page.getByTestId('target-field-option').evaluateAll((options) =>
      options.map((option) => ({
        field: option.getAttribute('data-field'),
        label: option.firstElementChild?.textContent ?? '',
        overflows: option.scrollWidth > option.clientWidth + 1,
      })),
    );
    const labelOf = (field: string) => labels.find((option) => option.field === field)?.label;
    expect(labelOf('country')).toBe('国');
    expect(labelOf('engagement_frequency')).toBe('エンゲージメント頻度');
    expect(labelOf('custom.loyalty_tier')).toBe('Loyalty tier');
    expect(labels.filter((option) => option.label.includes('subscriber.'))).toEqual([]);
    expect(labels.filter((option) => option.overflows)).toEqual([]);
    expect((await page.getByRole('listbox').boundingBox())?.width).toBeGreaterThanOrEqual(300);

    // Searchable by the label or the key.
    await row.getByTestId('target-field').fill('tier');
    await page.locator('[data-testid="target-field-option"][data-field="custom.loyalty_tier"]').click();
    expect(await row.getByTestId('target-field').inputValue()).toBe('Loyalty tier');

    // A text: equal, not equal, contains, starts with, one of, empty; no order.
    await row.getByTestId('target-operator').click();
    expect(await openOptions(page)).toEqual([
      '等しい',
      '等しくない',
      '含む',
      'で始まる',
      '次のいずれか',
      '空である',
    ]);
    await page.getByRole('option', { name: '等しい', exact: true }).click();

    // Its values are picked, not typed.
    await row.getByTestId('target-value').click();
    expect(await openOptions(page)).toEqual(['bronze', 'silver', 'gold']);
    await page.getByRole('option', { name: 'gold', exact: true }).click();
    await expect.poll(() => shownCount(page)).toBe('3');
    await page.getByTestId('target-mode').getByText('テキスト', { exact: true }).click();
    expect(await page.getByTestId('target-text').inputValue()).toBe('custom.loyalty_tier = "gold"');
    await context.close();
  });

  it("names lists without their id, and words a date field's order as before and after", async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/audiences/new`);
    const rows = page.getByTestId('target-condition');
    await rows.first().getByTestId('target-reference').click();
    expect(await openOptions(page)).toEqual(['Members']);
    await page.getByRole('option', { name: 'Members', exact: true }).click();
    await expect.poll(() => shownCount(page)).toBe('3');

    await page.getByTestId('target-add-condition').first().click();
    await rows.nth(1).getByTestId('target-kind').click();
    await page.getByRole('option', { name: 'Field', exact: true }).click();
    await rows.nth(1).getByTestId('target-field').fill('birth');
    await page.locator('[data-testid="target-field-option"][data-field="dob"]').click();
    await rows.nth(1).getByTestId('target-operator').click();
    expect(await openOptions(page)).toEqual([
      'before',
      'on or before',
      'after',
      'on or after',
      'is',
      'is not',
      'within the last',
      'is one of',
      'is empty',
    ]);
    await page.keyboard.press('Escape');
    // A yes-or-no custom field offers yes and no, labelled in words.
    await rows.nth(1).getByTestId('target-field').fill('birthday');
    await page.locator('[data-testid="target-field-option"][data-field="custom.birthday_club"]').click();
    expect(await rows.nth(1).getByTestId('target-field').inputValue()).toBe('Birthday club');
    await rows.nth(1).getByTestId('target-operator').click();
    expect(await openOptions(page)).toEqual(['is', 'is not', 'is empty']);
    await context.close();
  });

  it('shows a reader the saved target read-only, with its count', async () => {
    const [audience] = await writeRecordsAs(herald, manager, organizationId, 'audience', [
      {
        name: 'Gold in AU',
        target: `list ${listId} and country = "AU" and custom.loyalty_tier = "gold"`,
      },
    ]);
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/audiences/view/${String(audience?.id)}`);
    await page.getByTestId('audience-read-only').waitFor();
    const rows = page.getByTestId('target-condition');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => shownCount(page)).toBe('1');
    expect(await page.getByText('No target yet').count()).toBe(0);
    expect(await rows.nth(0).getByTestId('target-reference').inputValue()).toBe('Members');
    expect(await rows.nth(1).getByTestId('target-field').inputValue()).toBe('Country');
    expect(await rows.nth(2).getByTestId('target-field').inputValue()).toBe('Loyalty tier');
    expect(await rows.nth(2).getByTestId('target-value').inputValue()).toBe('gold');
    // Readable rather than greyed out: read-only inputs that open nothing.
    const country = rows.nth(1).getByTestId('target-field');
    expect(await country.isDisabled()).toBe(false);
    expect(await country.getAttribute('readonly')).not.toBeNull();
    await country.click();
    expect(await page.getByRole('listbox').count()).toBe(0);
    // The text form can be read too.
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    const text = page.getByTestId('target-text');
    expect(await text.inputValue()).toBe(
      `list ${listId} and country = "AU" and custom.loyalty_tier = "gold"`,
    );
    expect(await text.getAttribute('readonly')).not.toBeNull();
    // Nothing to change: no adding, no removing, no saving.
    expect(await page.getByTestId('target-add-condition').count()).toBe(0);
    expect(await page.getByTestId('target-remove').count()).toBe(0);
    expect(await page.getByTestId('audience-save-target').count()).toBe(0);
    await context.close();
  });
});
