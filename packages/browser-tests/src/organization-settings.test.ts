import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { appAlert, signIn } from './support/sign-in.ts';

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await waitForSettledScreen(page);
  const failing = (await axeViolations(page, screen)).filter((violation) =>
    FAILING_IMPACTS.has(violation.impact),
  );
  expect(failing, describeViolations(failing)).toEqual([]);
}

/**
 * An administrator (on the provider's e-mail domain, for the rules page's guard 6) renames
 * the organization and sets its colour, closes a list to imports, sets quiet hours and a suppression list, and
 * switches on a beta feature that opens Settings › Credentials without a reload.
 */
describe('organization settings', () => {
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

  async function providerAdministrator(organizationName: string) {
    const organizationId = await createOrganization(herald, organizationName);
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    // The rules page is for the provider's own addresses (PROVIDER_DOMAINS).
    const email = user.email.replace(/@.*$/, '@example.com');
    await herald.database.db.updateTable('user_account').set({ email }).where('id', '=', user.id).execute();
    return { organizationId, admin: { ...user, email } };
  }

  const organizationRow = (organizationId: number) =>
    herald.database.db
      .selectFrom('organization')
      .select(['name', 'theme', 'settings'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();

  it('renames the organization and sets its colour', async () => {
    const { organizationId, admin } = await providerAdministrator('Before Rename Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    await page.goto(`${baseUrl}/${organizationId}/settings/organization`);
    await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, 'settings/organization');
    const name = page.getByLabel('Organization name');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Before Rename Org');
    await name.fill('Harbour Coffee');
    await page.getByTestId('save-organization-name').click();
    await page.getByText('Organization renamed').waitFor();
    await expect.poll(async () => (await organizationRow(organizationId)).name).toBe('Harbour Coffee');

    await page.getByLabel('Theme colour').fill('#1e90ff');
    await page.getByTestId('save-organization-appearance').click();
    await page.getByText('Logo and colour saved').waitFor();
    await expect
      .poll(async () => JSON.parse((await organizationRow(organizationId)).theme ?? '{}') as unknown)
      .toEqual({ primaryColor: '#1e90ff' });

    // After a reload both are read back from the server.
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Organization name').inputValue(), { timeout: 15_000 })
      .toBe('Harbour Coffee');
    await expect.poll(() => page.getByLabel('Theme colour').inputValue()).toBe('#1e90ff');
    await context.close();
  });

  it('closes a list to imports, and sets quiet hours and a suppression list read back after a reload', async () => {
    const { organizationId, admin } = await providerAdministrator('Rules Org');
    const [closed] = await writeRecordsAs(herald, admin, organizationId, 'list', [{ name: 'Closed list' }]);
    const listId = Number(closed?.id);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    await page.goto(`${baseUrl}/${organizationId}/settings/rules`);
    await page.getByRole('heading', { name: 'Messaging and import rules', level: 1 }).waitFor();
    await page.getByTestId('rule-list-row').first().waitFor({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'settings/rules');

    await page.getByLabel('Search lists').fill('closed');
    await page
      .getByRole('switch', { name: 'Disallow subscriber upload to Closed list' })
      .check({ force: true });
    await page.getByTestId('save-import-rules').click();
    await page.getByText('Import rules saved').waitFor();

    // The import wizard of that list now refuses it (guard 10), without a reload.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import/${listId}`);
    await appAlert(page, 'Subscriber upload is not allowed for this list.').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers`);

    await page.goto(`${baseUrl}/${organizationId}/settings/rules`);
    await page.getByTestId('messaging-rules-form').waitFor();
    await page.getByTestId('quiet-hours-sms').getByRole('switch').check({ force: true });
    await page.getByRole('textbox', { name: 'SMS quiet hours start, in UTC' }).fill('22:00');
    await page.getByRole('textbox', { name: 'SMS quiet hours end, in UTC' }).fill('07:30');
    const suppression = page.getByLabel('Suppressed addresses and domains');
    await suppression.fill('rival.example\nnot an address\nCEO@Partner.example');
    await page.getByText('Line 2: "not an address" is neither an e-mail address nor a domain.').waitFor();
    await expect.poll(() => page.getByTestId('save-messaging-rules').isDisabled()).toBe(true);
    await suppression.fill('rival.example\nCEO@Partner.example');
    await page.getByText('Entries: 2').waitFor();
    await page.getByTestId('save-messaging-rules').click();
    await page.getByText('Messaging rules saved').waitFor();

    await page.reload();
    await page.getByTestId('messaging-rules-form').waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'SMS quiet hours start, in UTC' }).inputValue(), {
        timeout: 15_000,
      })
      .toBe('22:00');
    expect(await page.getByRole('textbox', { name: 'SMS quiet hours end, in UTC' }).inputValue()).toBe(
      '07:30',
    );
    expect(await page.getByLabel('Suppressed addresses and domains').inputValue()).toBe(
      'rival.example\nceo@partner.example',
    );
    const stored = (await organizationRow(organizationId)).settings;
    expect(stored).toMatchObject({
      import: { rules: { lists: { [String(listId)]: { disallowSubscriberUpload: true } } } },
      messaging: { rules: { quietHours: { sms: { start: '22:00', end: '07:30' } } } },
    });
    await context.close();
  });

  it('turns on beta features with the integrations key, and Settings › Credentials opens without a reload', async () => {
    const { organizationId, admin } = await providerAdministrator('Advanced Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    await page.goto(`${baseUrl}/${organizationId}/settings/advanced`);
    await page.getByRole('heading', { name: 'Advanced', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, 'settings/advanced');
    const navigation = page.getByTestId('navigation-settings');
    expect(await navigation.getByRole('link', { name: 'Credentials' }).count()).toBe(0);

    await page.getByRole('switch', { name: 'Enable beta features' }).check({ force: true });
    await page.getByLabel('Feature keys').fill('integrations');
    await page.getByTestId('save-advanced').click();
    await page.getByText('Advanced settings saved').waitFor();

    // The toast sits over the foot of the navigation, so the link is followed from the keyboard.
    await navigation.getByRole('link', { name: 'Credentials' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/credentials`);
    await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
    await context.close();
  });
});
