import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { templatePackageZip } from '@herald/server/testing';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

describe('templates and themes', () => {
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

  it('uploads a template package and sees it listed; a package without package.json is refused', async () => {
    const organizationId = await createOrganization(herald, 'Template Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/templates`);
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    // The starters of a new organization are there already.
    await page.locator('[data-testid="template-row"][data-url="v5_starter-welcome"]').waitFor();

    const input = page.getByTestId('template-package-dropzone').locator('input[type="file"]');
    await input.setInputFiles({
      name: 'broken.zip',
      mimeType: 'application/zip',
      buffer: await templatePackageZip({ 'package.json': undefined }),
    });
    const refusal = page.getByTestId('template-package-error');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-error-type')).toBe('TemplatePackageMissingFileError');
    expect(await refusal.textContent()).toBe('The template package has no package.json.');

    await input.setInputFiles({
      name: 'spring-sale.zip',
      mimeType: 'application/zip',
      buffer: await templatePackageZip(),
    });
    await page.getByTestId('template-package-imported').waitFor();
    const row = page.locator('[data-testid="template-row"][data-url="v5_spring-sale"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Spring Sale');
    expect(await row.textContent()).toContain('Native (MJML)');
    expect(await row.textContent()).toContain('1.2.0');
    await context.close();
  });

  it('says it cannot get a connection to fetch templates, on the templates page and in the template picker', async () => {
    const organizationId = await createOrganization(herald, 'Unreachable Templates Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Spring menu', startDate: '2026-03-01' },
    ]);
    const { page, context } = await openPage(browser);
    // The organization channel drops whenever the template list is asked for, as a connection lost mid-request.
    await context.routeWebSocket(/\/uiv5$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const frame = typeof message === 'string' ? (JSON.parse(message) as Record<string, unknown>) : {};
        const params = frame.params as { query?: { type?: string } } | undefined;
        if (frame.command === 'query' && params?.query?.type === 'template') {
          void socket.close();
          void server.close();
        } else server.send(message);
      });
    });
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/templates`);
    const alert = page.getByTestId('templates-error');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.getAttribute('data-error-type')).toBe('TemplateConnectionError');
    expect(await alert.textContent()).toBe('Unable to get connection to fetch template');

    await page.goto(`${baseUrl}/${organizationId}/campaign/${String(campaign?.id)}/new`);
    const modal = page.getByRole('dialog');
    await modal.getByRole('radio', { name: 'E-mail', exact: true }).click();
    await modal.getByText('Unable to get connection to fetch template').waitFor({ timeout: 15_000 });
    expect(await modal.getByText('You can start without a template.').count()).toBe(1);
    await context.close();
  });

  it('locks a theme, opens it and is sent back to the list with the message', async () => {
    const organizationId = await createOrganization(herald, 'Theme Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/themes`);
    await page.getByTestId('themes-empty').waitFor();
    expect(await page.getByTestId('themes-empty').textContent()).toBe('No theme found');

    // A new theme starts from the defaults of functional §3.
    await page.getByTestId('theme-new').click();
    await page.getByTestId('theme-page').waitFor();
    const name = page.getByLabel('Theme name');
    expect(await page.getByLabel('Width').inputValue()).toBe('600px');
    expect(await page.getByLabel('Font size', { exact: true }).inputValue()).toBe('14px');
    await name.fill('Harbour brand');
    await page.getByTestId('theme-save').click();
    const row = page.getByTestId('theme-row').filter({ hasText: 'Harbour brand' });
    await row.waitFor();

    // A click, not check(): the switch turns only once the server has stored the lock, which check() does not wait for.
    await row.getByTestId('theme-lock').click();
    await expect.poll(() => row.getByTestId('theme-lock').isChecked(), { timeout: 15_000 }).toBe(true);
    await row.getByTestId('theme-open').click();
    const refusal = page.getByTestId('theme-refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-refusal')).toBe('themeLocked');
    expect(await refusal.textContent()).toBe('This theme is locked. Unlock it here to edit it.');
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/settings/themes`);

    // A theme that does not exist fails to load, and says so too.
    await page.goto(`${baseUrl}/${organizationId}/settings/themes/999999`);
    await page.locator('[data-testid="theme-refusal"][data-refusal="failedToLoad"]').waitFor();
    await context.close();
  });
});
