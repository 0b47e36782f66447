import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

describe('profile field, custom field and partition settings', () => {
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

  const fieldNames = (page: Page) =>
    page
      .getByTestId('custom-field-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field')));

  async function storedField(organizationId: number, field: string) {
    return herald.database.db
      .selectFrom('custom_field')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('field', '=', field)
      .executeTakeFirst();
  }

  it('creates, searches, archives and deletes custom fields', async () => {
    const organizationId = await createOrganization(herald, 'Custom Fields Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const listId = (
      await herald.database.db
        .insertInto('subscriber_list')
        .values({ organization_id: organizationId, name: 'Everyone', partition_ids: [] })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/customfields`);
    await page.getByRole('heading', { name: 'Custom fields' }).waitFor();
    await page.getByTestId('list-empty').waitFor();

    // A static field with allowed values and a validation pattern checked as typed.
    await page.getByTestId('new-custom-field').click();
    let dialog = page.getByRole('dialog', { name: 'Custom field' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Field/).fill('loyalty_tier');
    await dialog.getByLabel('Group').fill('Loyalty');
    await dialog.getByLabel('Description').fill('Tier of the loyalty programme');
    await dialog.getByLabel('Allowed values').fill('gold\nsilver');
    await dialog.getByLabel('Validation pattern').fill('(');
    await dialog.getByText('This is not a valid regular expression.').waitFor();
    await dialog.getByLabel('Validation pattern').fill('^[a-z]+$');
    await dialog.getByText('The pattern is valid.').waitFor();
    await dialog.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier']);
    const tier = await storedField(organizationId, 'loyalty_tier');
    expect(tier).toMatchObject({ type: 'subscriber', group_name: 'Loyalty', validation_regex: '^[a-z]+$' });

    // A calculated field: a percentage split must add up to 100%.
    await page.getByTestId('new-custom-field').click();
    dialog = page.getByRole('dialog', { name: 'Custom field' });
    await dialog.getByLabel(/^Field/).fill('segment');
    await dialog.getByText('Calculated', { exact: true }).click();
    await dialog.getByTestId('calculation-hint').waitFor();
    // The target builder in its text mode, with a list the organization has (targets are checked on save).
    const target = dialog.getByTestId('calculation-target');
    await target.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await target.getByTestId('target-text').fill(`list ${listId}`);
    await dialog.getByRole('combobox', { name: 'Rule type' }).click();
    await page.getByRole('option', { name: 'Percentage split' }).click();
    for (const [value, percentage] of [
      ['a', '60'],
      ['b', '30'],
    ]) {
      await dialog.getByRole('button', { name: 'Add rule' }).click();
      const rule = dialog.getByTestId('calculation-rule').last();
      await rule.getByRole('textbox', { name: 'Value' }).fill(value!);
      await rule.getByRole('textbox', { name: 'Percentage' }).fill(percentage!);
    }
    await dialog.getByRole('button', { name: 'Create field' }).click();
    await dialog.getByText('Percentages must add up to 100%.').waitFor();
    await dialog
      .getByTestId('calculation-rule')
      .last()
      .getByRole('textbox', { name: 'Percentage' })
      .fill('40');
    await dialog.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier', 'segment']);
    const segment = await storedField(organizationId, 'segment');
    expect(segment?.calculation).toMatchObject({
      kind: 'calculated',
      ruleType: 'percentageSplit',
      rules: [
        { value: 'a', percentage: 60 },
        { value: 'b', percentage: 40 },
      ],
    });

    // Search is a case-insensitive contains over field, description and group.
    await page.getByRole('searchbox', { name: 'Search' }).fill('LOYALTY PRO');
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier', 'segment']);

    // Archived fields are hidden until asked for.
    await page.locator('[data-field="loyalty_tier"]').getByTestId('custom-field-archive').click();
    await expect.poll(() => fieldNames(page)).toEqual(['segment']);
    await page.getByRole('switch', { name: 'Show archived' }).click({ force: true });
    await expect.poll(() => new URL(page.url()).searchParams.get('archived')).toBe('1');
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier', 'segment']);
    expect(await page.locator('[data-field="loyalty_tier"]').getAttribute('data-archived')).toBe('true');

    // Delete, after confirming.
    await page.locator('[data-field="segment"]').getByTestId('custom-field-delete').click();
    await page.getByTestId('custom-field-delete-confirmed').click();
    await expect.poll(() => fieldNames(page)).toEqual(['loyalty_tier']);
    expect((await storedField(organizationId, 'segment'))?.is_deleted).toBe(true);
    await context.close();
  });

  it('refuses a custom field save over someone else’s, and loads the latest version on request', async () => {
    const organizationId = await createOrganization(herald, 'Stale Fields Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const [field] = await writeRecordsAs(herald, manager, organizationId, 'customField', [
      { type: 'subscriber', field: 'favourite_topping', description: 'Their first words' },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/customfields/subscriber/favourite_topping`);
    const dialog = page.getByRole('dialog', { name: 'Custom field' });
    const description = dialog.getByLabel('Description');
    await expect.poll(() => description.inputValue(), { timeout: 15_000 }).toBe('Their first words');
    await description.fill('My words');
    // Someone else saves first; the live record shows it, but this form still says what it was filled from.
    await writeRecordsAs(herald, manager, organizationId, 'customField', [
      { id: field?.id, version: field?.version, description: 'Their second words' },
    ]);
    await expect
      .poll(async () => (await storedField(organizationId, 'favourite_topping'))?.description)
      .toBe('Their second words');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const stale = dialog.getByTestId('custom-field-save-error');
    await stale.waitFor({ timeout: 15_000 });
    expect(await stale.getAttribute('data-error-type')).toBe('StaleRecordError');
    expect((await storedField(organizationId, 'favourite_topping'))?.description).toBe('Their second words');
    await dialog.getByRole('button', { name: /Load the latest version/ }).click();
    await expect.poll(() => description.inputValue(), { timeout: 15_000 }).toBe('Their second words');
    expect(await stale.count()).toBe(0);
    // Saved from the latest version, a change goes through.
    await description.fill('Our words');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await storedField(organizationId, 'favourite_topping'))?.description, {
        timeout: 15_000,
      })
      .toBe('Our words');
    await context.close();
  });

  it('a custom field created in one browser appears live in another, without a reload', async () => {
    const organizationId = await createOrganization(herald, 'Live Fields Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const colleague = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);

    const watcher = await openPage(browser);
    await signIn(watcher.page, baseUrl, colleague.email, colleague.password);
    await watcher.page.goto(`${baseUrl}/${organizationId}/settings/customfields`);
    await watcher.page.getByTestId('list-empty').waitFor();

    const creator = await openPage(browser);
    await signIn(creator.page, baseUrl, manager.email, manager.password);
    await creator.page.goto(`${baseUrl}/${organizationId}/settings/customfields`);
    await creator.page.getByTestId('new-custom-field').click();
    const dialog = creator.page.getByRole('dialog', { name: 'Custom field' });
    await dialog.getByLabel(/^Field/).fill('favourite_colour');
    await dialog.getByRole('button', { name: 'Create field' }).click();
    await expect.poll(() => fieldNames(creator.page)).toEqual(['favourite_colour']);

    // The colleague's open list gets it from the customField push, well before its 60 s cache would lapse.
    await expect.poll(() => fieldNames(watcher.page), { timeout: 5_000 }).toEqual(['favourite_colour']);
    await creator.context.close();
    await watcher.context.close();
  });

  it('lists profile fields and refreshes a custom field’s statistics', async () => {
    const organizationId = await createOrganization(herald, 'Profile Fields Org');
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    await writeRecordsAs(herald, manager, organizationId, 'customField', [
      { type: 'subscriber', field: 'points', description: 'Loyalty points', schema: { dataType: 'number' } },
    ]);
    await herald.database.db
      .insertInto('subscriber')
      .values(
        [{ points: 5 }, { points: 5 }, { points: 7 }, { points: 'many' }].map((custom, index) => ({
          organization_id: organizationId,
          email: `s${index}@example.test`,
          extra: '{}',
          custom: JSON.stringify(custom),
          partition_ids: [],
          scores: '{}',
        })),
      )
      .execute();
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/profilefields`);
    await page.getByRole('heading', { name: 'Profile fields', exact: true }).waitFor();
    await page.locator('[data-testid="standard-field"][data-field="email"]').waitFor();
    await page.locator('[data-testid="custom-profile-field"][data-field="points"]').getByRole('link').click();
    const dialog = page.getByRole('dialog', { name: 'Profile field' });
    await dialog.getByTestId('field-stats-none').waitFor();
    await dialog.getByTestId('refresh-field-stats').click();
    await dialog.getByTestId('field-stats').waitFor();
    const stats = await dialog.getByTestId('field-stat').allTextContents();
    // With a value, invalid, unique values, unique invalid values.
    expect(stats).toEqual(['4', '1', '3', '1']);
    await dialog.getByTestId('most-common-valid').locator('svg').first().waitFor();
    await context.close();
  });

  it('creates partition sets and partitions, and edits a partition', async () => {
    const organizationId = await createOrganization(herald, 'Partitions Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/partitions`);
    await page.getByRole('heading', { name: 'Partitions', exact: true }).waitFor();

    await page.getByTestId('new-partition-set-name').fill('Stores');
    await page.getByRole('button', { name: 'Create set' }).click();
    await page.getByTestId('partition-set').filter({ hasText: 'Stores' }).waitFor();

    await page.getByTestId('new-partition').click();
    let dialog = page.getByRole('dialog', { name: 'Partition' });
    await dialog.getByLabel('Name').fill('North');
    await dialog.getByLabel('External ID').fill('N-1');
    await dialog.getByRole('combobox', { name: 'Partition set' }).click();
    await page.getByRole('option', { name: 'Stores' }).click();
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('textbox', { name: 'Field' }).fill('region');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('north');
    await dialog.getByRole('button', { name: 'Create partition' }).click();
    const row = page.getByTestId('partition-row').filter({ hasText: 'North' });
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('Stores');

    await row.getByRole('link', { name: 'North' }).click();
    dialog = page.getByRole('dialog', { name: 'Partition' });
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('North');
    await dialog.getByLabel('Name').fill('North Shore');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('partition-row').filter({ hasText: 'North Shore' }).waitFor();
    const stored = await herald.database.db
      .selectFrom('partition')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'North Shore', external_ref: 'N-1' });
    expect(stored.custom_fields).toEqual({ region: 'north' });
    await context.close();
  });
});
