import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

describe('the web app shell', () => {
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

  it('loads the sign-in page in English for an English browser', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${baseUrl}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Herald' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Herald - Sign in');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('loads the sign-in page in Indonesian for a browser set to Indonesian', async () => {
    const { page, context } = await openPage(browser, { locale: 'id' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Masuk ke Herald' }).waitFor();
    await page.getByLabel('Email').fill('seseorang@example.test');
    await page.getByRole('button', { name: 'Lanjutkan' }).click();
    await page.getByLabel('Kata sandi', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Masuk' }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('id');
    await context.close();
  });

  it('switches the language from the account page at once: what shows, <html lang> and the confirmation', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, baseUrl, user.email, user.password);
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    // Japanese loads on demand; the page already showing says it in Japanese without a reload.
    await page.getByLabel('Language').selectOption('ja');
    await page.getByRole('heading', { name: 'アカウント', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.getByText('言語を保存しました').waitFor();
    expect(await page.getByLabel('言語').inputValue()).toBe('ja');
    await context.close();
  });

  it('sends a person without a session to sign in, remembering where they were going', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/organizations`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/organizations');
    await context.close();
  });

  it('sends an unknown path to / (and so, signed out, to sign in)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('shows the catalogue message for a wrong password and stays on sign-in', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Email').press('Enter');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('Invalid email address or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in, chooses an organization, and sees the dashboard with navigation for its capabilities', async () => {
    const organizationId = await createOrganization(herald, 'Browser Test Bakery');
    const otherId = await createOrganization(herald, 'Browser Test Brewery');
    const user = await createUser(herald, [
      { organizationId, roles: ['Content.Edit'] },
      { organizationId: otherId, roles: ['System.Admin'] },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    expect(await page.getByTestId('organization-card').count()).toBe(2);

    await page.getByRole('link', { name: 'Browser Test Bakery' }).click();
    await page.getByRole('heading', { name: 'Welcome to Browser Test Bakery' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/dashboard`);
    expect(await page.title()).toBe('Browser Test Bakery - Dashboard');
    await expect
      .poll(() => page.getByTestId('connection-status').getAttribute('data-status'))
      .toBe('authenticated');
    expect(await page.getByTestId('dashboard-capabilities').textContent()).toContain('Edit content');
    expect(
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' })
        .isVisible(),
    ).toBe(true);

    await page.getByTestId('organization-switcher').click();
    await page.getByRole('menuitem', { name: 'Browser Test Brewery' }).click();
    await page.getByRole('heading', { name: 'Welcome to Browser Test Brewery' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${otherId}/dashboard`);
    await context.close();
  });

  it('shows a page whose code does not arrive as an error in the shell, which the next page replaces', async () => {
    const organizationId = await createOrganization(herald, 'Missing Chunk Org');
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    await page.getByRole('link', { name: 'Missing Chunk Org' }).click();
    await page.getByRole('heading', { name: 'Welcome to Missing Chunk Org' }).waitFor();
    // The campaigns page's code cannot be fetched (a deploy replaced it, or the network dropped it). The
    // context's route also stops the fetch the service worker makes for the page.
    await context.route('**/assets/CampaignsPage-*.js', (route) => route.abort());
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('This page could not be loaded. Please reload the page.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Reload page' }).first().isVisible()).toBe(true);
    const main = page.getByRole('main');
    expect(await main.getByText('This page could not be loaded. Please reload the page.').count()).toBe(1);
    // The shell around the page still works: the next page renders in its place.
    await navigation.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome to Missing Chunk Org' }).waitFor();
    // The alert with its Reload action stays; the page's own error has gone with the page.
    expect(await main.getByText('This page could not be loaded. Please reload the page.').count()).toBe(0);
    await context.close();
  });

  it('refuses an organization the user has no access to, back to the organization list', async () => {
    const organizationId = await createOrganization(herald);
    const forbiddenId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    await page.goto(`${baseUrl}/${forbiddenId}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/organizations');
    const alert = page
      .getByTestId('app-alert')
      .filter({ hasText: 'You are not authorized to access this organization. Please login.' });
    await alert.waitFor();
    await context.close();
  });

  it('signs out from the user menu and lands on sign-in without a session', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${baseUrl}/organizations`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
