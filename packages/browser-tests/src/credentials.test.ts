import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  enableIntegrations,
  FcmPeer,
  SmtpPeer,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

const LOGIN = { user: 'relay-user', password: 'relay-password-5678' };

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await waitForSettledScreen(page);
  const failing = (await axeViolations(page, screen)).filter((violation) =>
    FAILING_IMPACTS.has(violation.impact),
  );
  expect(failing, describeViolations(failing)).toEqual([]);
}

/** An administrator adds an SMTP credential and tests it against a local SMTP server. */
describe('the credentials vault', () => {
  let herald: TestHerald;
  let smtp: SmtpPeer;
  let fcm: FcmPeer;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    [herald, smtp, fcm, browser] = await Promise.all([
      startHeraldForBrowser(),
      SmtpPeer.start({ login: LOGIN }),
      FcmPeer.start({ projectId: 'vault-push-project', accessToken: 'unused-ready-token' }),
      launchBrowser(),
    ]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await smtp?.stop();
    await fcm?.stop();
    await herald?.stop();
  });

  it('adds an SMTP credential, tests it with the right and a wrong password, and makes it the e-mail provider', async () => {
    const organizationId = await createOrganization(herald, 'Vault Org');
    await enableIntegrations(herald, organizationId);
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    await page.goto(`${baseUrl}/${organizationId}/settings/credentials`);
    await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
    await page.getByText('0 of 100 credentials').waitFor();
    await expectNoSeriousViolations(page, 'settings/credentials');
    await page.getByTestId('add-credential').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/credential/new`);
    await page.getByRole('heading', { name: 'New credential' }).waitFor();

    // Nothing saved yet: no test, and no save without a type.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Credentials must be saved before authorization can be requested.').waitFor();
    await page.getByLabel('Alias').fill('Office relay');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select a valid credential type.').waitFor();

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'SMTP server' }).click();
    await page.getByLabel('Server host').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('Account name').fill(LOGIN.user);
    await page.getByLabel(/^Password/).fill(LOGIN.password);
    await expectNoSeriousViolations(page, 'settings/credential/new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/settings\/credential\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Office relay' }).waitFor();

    // The saved password is never sent back: the input is empty, its mask shows the last four characters.
    const password = page.getByLabel(/^Password/);
    await expect.poll(() => password.inputValue()).toBe('');
    await page.getByText('Saved as ••••5678.').waitFor();
    expect(await page.content()).not.toContain(LOGIN.password);
    // Checked as it opens (the save's toast, gone after a reload, has an unlabelled close button of Mantine's).
    await page.reload();
    await page.getByRole('heading', { name: 'Office relay' }).waitFor();
    await expectNoSeriousViolations(page, 'settings/credential/{id}');

    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('credential-test-result');
    await expect.poll(() => result.getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');

    await password.fill('a-wrong-password-0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved as ••••0000.').waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result.getAttribute('data-ok'), { timeout: 15_000 }).toBe('false');
    expect(await result.textContent()).toMatch(/The connection failed: .*535/);

    // The e-mail channel's provider: then the credential is in use and cannot be deleted.
    await page.getByRole('link', { name: 'Back to credentials' }).click();
    const row = page.getByTestId('credential-row').filter({ hasText: 'Office relay' });
    await row.waitFor();
    expect(await row.textContent()).toContain('SMTP server');
    const channels = page.getByTestId('channel-credentials');
    await channels.getByRole('combobox', { name: 'Email (SMTP)' }).click();
    await page.getByRole('option', { name: 'Office relay' }).click();
    await channels.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Channel providers saved').waitFor();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Email (SMTP) channel');

    await row.getByRole('link', { name: 'Office relay' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This credential is in use, so it cannot be deleted.', { exact: false }).waitFor();
    await page.getByTestId('confirm-delete-credential').click();
    await page
      .getByTestId('credential-error')
      .filter({ hasText: 'This credential is in use and cannot be deleted.' })
      .waitFor();
    await context.close();
  });

  it("adds a push credential from a service account's key file, which the connection test mints a token with", async () => {
    const organizationId = await createOrganization(herald, 'Push Vault Org');
    await enableIntegrations(herald, organizationId);
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/credential/new`);
    await page.getByRole('heading', { name: 'New credential' }).waitFor();
    await page.getByLabel('Alias').fill('Firebase');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Push notifications (FCM)' }).click();
    await page.getByLabel('Base URL').fill(fcm.url);

    // A pasted key that is not JSON is refused, saying why.
    const key = page.getByLabel('Service account key (JSON)');
    await key.fill('not a key file');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The service account key is not JSON', { exact: false }).waitFor();
    // The field's error is read in a colour that keeps its contrast (the theme's error red, shade 9).
    await expectNoSeriousViolations(page, 'settings/credential/new (push, a field error)');

    // The key file, chosen as Google Cloud downloads it; the project ID is left blank and taken from it.
    const file = fcm.serviceAccount('browser-sender');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('service-account-key-file').click();
    await (
      await chooser
    ).setFiles({
      name: 'vault-push-project-key.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file, null, 2)),
    });
    await expect.poll(() => key.inputValue()).toContain('"service_account"');
    await expectNoSeriousViolations(page, 'settings/credential/new (push)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/settings\/credential\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Firebase' }).waitFor();
    await expect.poll(() => page.getByLabel('Project ID').inputValue()).toBe('vault-push-project');
    await expect.poll(() => key.inputValue()).toBe('');
    await page.getByText(`Saved as ••••${file.private_key_id.slice(-4)}.`, { exact: false }).waitFor();
    expect(await page.content()).not.toContain('PRIVATE KEY');

    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('credential-test-result');
    await expect.poll(() => result.getAttribute('data-ok'), { timeout: 15_000 }).toBe('true');
    expect(fcm.tokenRequests.filter((entry) => entry.clientEmail === file.client_email)).toHaveLength(1);
    await context.close();
  });
});
