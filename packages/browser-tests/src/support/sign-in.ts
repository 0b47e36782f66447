import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The first two steps of the sign-in form, as a person goes through them: the e-mail, Continue, the password,
 * Sign in. What comes next (the organization list, a code step, a new password) is the caller's to wait for.
 */
export async function submitPassword(page: Page, baseUrl: string, email: string, password: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the organization list, where a sign-in without a remembered page lands. */
export async function expectOrganizationList(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Choose organization' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/organizations');
}

/** Signs in through the login form, as a person would, and waits for the organization list. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitPassword(page, baseUrl, email, password);
  await expectOrganizationList(page);
}

/** The code step of a two-factor sign-in: types the one-time code (or a recovery code) and signs in. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const field = page.getByLabel('One-time code or recovery key');
  await field.fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in a user with two-factor on: e-mail, password, then the code the caller computed. */
export async function signInWithCode(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
  code: () => Promise<string>,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitPassword(page, baseUrl, user.email, user.password);
  await page.getByLabel('One-time code or recovery key').waitFor();
  // The code is computed only now, at the step that asks for it, so it is fresh when it goes.
  await enterCode(page, await code());
  await expectOrganizationList(page);
}

/** Signs out from the user menu and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The app-level alert with this text (alerts fade after 8 s, so wait for it promptly). */
export function appAlert(page: Page, text: string) {
  return page.getByTestId('app-alert').filter({ hasText: text });
}
