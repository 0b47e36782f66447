import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Signs in through the login form, as a person would, and waits for the organization list. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Choose organization' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/organizations');
}
