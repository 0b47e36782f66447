import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  oneTimeCodeIn,
  SmtpPeer,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { expectOrganizationList, signOut, submitPassword } from './support/sign-in.ts';

/** Codes are eight digits; one that differs from the mailed code in its last digit is wrong. */
function wrongCodeFor(code: string): string {
  return `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
}

/** The code step's three fields, filled as a person would, then the form's submit button. */
async function enterCodeAndPassword(page: Page, code: string, password: string, submit: string) {
  await page.getByLabel('Code from the email').fill(code);
  // Sign-up names the field Password, reset names it New password.
  await page.getByLabel(/^(New password|Password)$/).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

describe('sign-up and password reset with the code from the mail', () => {
  let smtp: SmtpPeer;
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    [herald, browser] = await Promise.all([startHeraldForBrowser({ smtpUrl: smtp.url }), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.services.mailer.settled();
    await herald?.stop();
    await smtp?.stop();
  });

  it('creates an account with the mailed code (a wrong code first), then signs in with its password', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const password = 'my very own first passphrase';
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    // The address changes before the lazily loaded page replaces the sign-in form: wait for the page itself.
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+62 21 555 0199');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('signup-code-sent').waitFor();
    expect(await page.getByTestId('signup-code-sent').textContent()).toContain(email);

    const code = oneTimeCodeIn(await smtp.waitForMessageTo(email));
    await enterCodeAndPassword(page, wrongCodeFor(code), password, 'Create account');
    await expect
      .poll(() => page.getByTestId('signup-error').textContent())
      .toBe('The code you entered is incorrect. Please try again.');

    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The new account is signed in straight away; it belongs to no organization yet.
    await expectOrganizationList(page);
    await page
      .getByText('You do not have access to any organization yet. Please ask your administrator for access.')
      .waitFor();

    await signOut(page);
    await submitPassword(page, baseUrl, email, password);
    await expectOrganizationList(page);
    await context.close();
  });

  it('resets a forgotten password with the mailed code (a wrong code first), then signs in with the new one', async () => {
    const organizationId = await createOrganization(herald, 'Reset Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const newPassword = 'a fresh and rather long passphrase';
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/passwordreset');
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('password-reset-code-sent').waitFor();

    const code = oneTimeCodeIn(await smtp.waitForMessageTo(user.email));
    await enterCodeAndPassword(page, wrongCodeFor(code), newPassword, 'Change password');
    await expect
      .poll(() => page.getByTestId('password-reset-error').textContent())
      .toBe('The code you entered is incorrect. Please try again.');

    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Change password' }).click();
    // Back on sign-in with the address filled in and a notice.
    await page.waitForURL((url) => url.pathname === '/login');
    await expect
      .poll(() => page.getByTestId('login-notice').textContent())
      .toBe('Your password has been changed. Please sign in.');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);

    await submitPassword(page, baseUrl, user.email, user.password);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('Invalid email address or password');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectOrganizationList(page);
    expect(await page.getByRole('link', { name: 'Reset Org' }).isVisible()).toBe(true);
    await context.close();
  });
});
