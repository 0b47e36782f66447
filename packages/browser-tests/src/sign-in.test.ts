import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  codeForUser,
  createOrganization,
  createUser,
  startHeraldForBrowser,
  unusedCode,
  type TestHerald,
} from './support/herald.ts';
import {
  appAlert,
  enterCode,
  expectOrganizationList,
  signIn,
  signOut,
  submitPassword,
} from './support/sign-in.ts';

const NEW_PASSWORD = 'a much longer passphrase of mine';

describe('signing in', () => {
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

  it('signs in step by step without two-factor: e-mail, Continue, password, Sign in, the organizations', async () => {
    const organizationId = await createOrganization(herald, 'Plain Sign-in Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The second step shows the address being signed in and asks for the password only.
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await page.getByTestId('login-email').textContent()).toBe(user.email);
    expect(await page.getByLabel('One-time code or recovery key').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectOrganizationList(page);
    expect(await page.getByRole('link', { name: 'Plain Sign-in Org' }).isVisible()).toBe(true);
    await context.close();
  });

  it('signs in with two-factor: the code step takes the code computed from the secret', async () => {
    const organizationId = await createOrganization(herald, 'Two-factor Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }], {
      otpEnabled: true,
    });
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await submitPassword(page, baseUrl, user.email, user.password);
    // The password alone does not sign in: the form asks for the code, with no error shown.
    await page.getByLabel('One-time code or recovery key').waitFor();
    expect(await page.getByText('Please enter your OTP code or recovery key').isVisible()).toBe(true);
    expect(await page.getByTestId('login-error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await enterCode(page, await codeForUser(herald, user.id));
    await expectOrganizationList(page);
    expect(await page.getByRole('link', { name: 'Two-factor Org' }).isVisible()).toBe(true);
    await context.close();
  });

  it('gets the owner of a guessed-at account in with the password and the two-factor code', async () => {
    const organizationId = await createOrganization(herald, 'Guessed-at Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }], {
      otpEnabled: true,
    });
    // Someone has been guessing: the account's counter waits out a delay.
    await herald.database.db
      .insertInto('sign_in_throttle')
      .values({
        key: `account:${user.email.toLowerCase()}`,
        failures: 9,
        last_failure_at: new Date(),
        blocked_until: new Date(Date.now() + 15 * 60_000),
      })
      .execute();
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await submitPassword(page, baseUrl, user.email, user.password);
    await page.getByTestId('login-error').filter({ hasText: 'Too many failed attempts' }).waitFor();
    const help = page.getByTestId('login-throttled-help');
    expect(await help.getByRole('link', { name: 'Reset my password by e-mail' }).isVisible()).toBe(true);
    await help.getByRole('button', { name: 'Sign in with my two-factor code' }).click();
    await enterCode(page, await codeForUser(herald, user.id));
    await expectOrganizationList(page);
    expect(await page.getByRole('link', { name: 'Guessed-at Org' }).isVisible()).toBe(true);
    await context.close();
  });

  it('turns two-factor on from the account page, then signs in once with a recovery code and not twice', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const section = page.getByTestId('two-factor');
    await expect.poll(() => section.getAttribute('data-state')).toBe('disabled');
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await section.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await section.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(
      true,
    );
    await section.getByLabel('Code from your authenticator app').fill((await unusedCode(secret)).code);
    await section.getByRole('button', { name: 'Turn on' }).click();

    const codesBlock = section.getByTestId('recovery-codes');
    await codesBlock.waitFor();
    const recoveryCodes = ((await codesBlock.textContent()) ?? '').split(/\s+/).filter(Boolean);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const done = section.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await section.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await expect.poll(() => section.getAttribute('data-state')).toBe('enabled');
    expect(await page.getByTestId('account-details').textContent()).toContain('Two-factor authenticationOn');

    const recoveryCode = recoveryCodes[3] ?? '';
    await signOut(page);
    await submitPassword(page, baseUrl, user.email, user.password);
    await enterCode(page, recoveryCode);
    await expectOrganizationList(page);

    // The same recovery code a second time is refused, and the form stays on the code step.
    await signOut(page);
    await submitPassword(page, baseUrl, user.email, user.password);
    await enterCode(page, recoveryCode);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe("Invalid OTP code or recovery key. Please confirm your phone's time is set correctly.");
    expect(await page.getByLabel('One-time code or recovery key').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('asks for a new password when one is required: a weak one is refused, a good one signs in', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    await herald.database.db
      .updateTable('user_account')
      .set({ must_change_password: true })
      .where('id', '=', user.id)
      .execute();
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await submitPassword(page, baseUrl, user.email, user.password);
    await page.getByText('Your password must be changed before you continue.').waitFor();

    const choose = async (password: string) => {
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Change password and sign in' }).click();
    };
    await choose('password');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Password is weak');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    await choose(NEW_PASSWORD);
    await expectOrganizationList(page);

    // The new password is the password now; the old one no longer is.
    await signOut(page);
    await submitPassword(page, baseUrl, user.email, user.password);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('Invalid email address or password');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectOrganizationList(page);
    await context.close();
  });

  it('sends a person whose session expired to sign in, and back to the page they were on afterwards', async () => {
    const organizationId = await createOrganization(herald, 'Expiry Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Expiry Org' }).waitFor();

    // The session goes idle on the server (as after 30 minutes without a heartbeat).
    await herald.database.db
      .updateTable('user_session')
      .set({ idle_expires_at: new Date(Date.now() - 1_000) })
      .where('user_id', '=', user.id)
      .execute();
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/${organizationId}/dashboard`);
    await appAlert(page, 'Your session expired. Please login again.').waitFor();
    expect(await storedSessionId(page)).toBeNull();

    // The address is offered again; the password signs in and the page they were on opens.
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await submitPassword(page, baseUrl, user.email, user.password);
    await page.waitForURL((url) => url.pathname === `/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Expiry Org' }).waitFor();
    expect(await storedSessionId(page)).toBeTruthy();
    await context.close();
  });
});

function storedSessionId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('herald.session');
    return stored ? ((JSON.parse(stored) as { sessionId: string | null }).sessionId ?? null) : null;
  });
}
