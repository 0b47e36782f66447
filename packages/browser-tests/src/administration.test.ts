import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  codeForUser,
  createOrganization,
  createUser,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { appAlert, signIn, signInWithCode } from './support/sign-in.ts';

/** The links of the organization's navigation, by their text. */
async function navigationLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
  return (await links.allTextContents()).map((text) => text.trim());
}

describe('administering who may do what', () => {
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

  it('an administrator with two-factor grants a role on Settings › Users; the user then sees the new navigation', async () => {
    const organizationId = await createOrganization(herald, 'Administered Org');
    const administrator = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    const member = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);

    // The member works in the organization in a browser of their own.
    const memberBrowser = await openPage(browser);
    const memberPage = memberBrowser.page;
    await signIn(memberPage, baseUrl, member.email, member.password);
    await memberPage.getByRole('link', { name: 'Administered Org' }).click();
    await memberPage.getByRole('heading', { name: 'Welcome to Administered Org' }).waitFor();
    expect(await navigationLinks(memberPage)).not.toContain('Users');
    expect(await memberPage.getByTestId('dashboard-capabilities').textContent()).not.toContain(
      'Administration',
    );

    // The administrator signs in with a code from their authenticator and opens the member on Settings › Users.
    const { page, context } = await openPage(browser);
    await signInWithCode(page, baseUrl, administrator, () => codeForUser(herald, administrator.id));
    await page.getByRole('link', { name: 'Administered Org' }).click();
    await page.getByRole('heading', { name: 'Welcome to Administered Org' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    const memberRow = page.getByTestId('user-row').filter({ hasText: member.email });
    await memberRow.waitFor();
    expect(await memberRow.textContent()).toContain('Edit Content');
    await memberRow.getByRole('link', { name: member.email }).click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/users/${member.id}`);
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(member.email);

    const form = page.getByTestId('user-access-form');
    await form.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Access saved').waitFor();

    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect.poll(() => memberRow.textContent()).toContain('Administrator');

    // No reload: the server pushes accessChanged to the member's open connection and the app follows.
    await memberPage.getByRole('link', { name: 'Users' }).waitFor({ timeout: 3_000 });
    const links = await navigationLinks(memberPage);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Access', 'Security']));
    expect(await memberPage.getByTestId('dashboard-capabilities').textContent()).toContain('Administration');
    await memberPage.getByRole('link', { name: 'Users' }).click();
    await memberPage.getByTestId('users-table').waitFor();
    await context.close();
    await memberBrowser.context.close();
  });

  it('sends a member who is not an administrator away from Settings › Users with "Access not allowed"', async () => {
    const organizationId = await createOrganization(herald, 'Guarded Org');
    const member = await createUser(herald, [{ organizationId, roles: ['Content.Edit', 'Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/users`);
    await appAlert(page, 'Access not allowed').waitFor();
    // Guard 5 sends them to the parent path, `settings`, which opens a page every member may see.
    const landing = new RegExp(`^/${organizationId}/(dashboard|settings/profile)$`);
    await page.waitForURL((url) => landing.test(url.pathname));
    expect(await page.getByTestId('users-table').count()).toBe(0);
    expect(await navigationLinks(page)).not.toContain('Users');
    await context.close();
  });
});
