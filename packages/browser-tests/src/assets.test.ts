import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/** A 1×1 PNG, a real picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('assets', () => {
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

  async function editorOf(name: string) {
    const organizationId = await createOrganization(herald, name);
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    return { organizationId, editor };
  }
  const assetCount = async (organizationId: number) =>
    (
      await herald.database.db
        .selectFrom('asset')
        .select('id')
        .where('organization_id', '=', organizationId)
        .execute()
    ).length;

  it('uploads an image, publishes it and serves it on its public address', async () => {
    const { organizationId, editor } = await editorOf('Asset Bakery');
    const { page } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('link', { name: 'Assets', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Assets', exact: true }).waitFor();
    await page.getByTestId('list-empty').waitFor();

    await page.getByTestId('upload-first-asset').click();
    await page.getByTestId('new-asset-page').waitFor();
    await page
      .getByTestId('asset-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'croissant.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Alt text').fill('A warm croissant');
    await page.getByTestId('asset-save').click();

    await page.getByTestId('asset-view-page').waitFor();
    await page.getByRole('heading', { name: 'croissant.png' }).waitFor();
    const status = page.getByTestId('asset-status');
    expect(await status.getAttribute('data-published')).toBe('false');
    // The preview shows the unpublished image with its preview key.
    await page.getByTestId('asset-preview-frame').locator('img[alt="A warm croissant"]').waitFor();
    const publicUrl = await page.getByTestId('asset-public-url').inputValue();
    expect(publicUrl).toMatch(new RegExp(`^${baseUrl}/media/${organizationId}/\\d+/croissant\\.png$`));
    expect((await page.request.get(publicUrl)).status()).toBe(404);

    await page.getByTestId('asset-publish').click();
    await page.locator('[data-testid="asset-status"][data-published="true"]').waitFor();
    const served = await page.request.get(publicUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await served.body())).toEqual(PNG);

    // Seen as anyone on the web would: the image on its own address, loaded by the browser.
    const { page: visitor } = await openPage(browser);
    const response = await visitor.goto(publicUrl);
    expect(response?.status()).toBe(200);
    expect(await visitor.evaluate(() => document.querySelector('img')?.naturalWidth)).toBe(1);

    // Back on the list, the published view holds it.
    await page.goto(`${baseUrl}/${organizationId}/assets?filter=published`);
    await page
      .locator('[data-testid="assets-page"][aria-busy="false"]')
      .getByTestId('asset-name')
      .first()
      .waitFor();
    expect(await page.getByTestId('asset-name').allTextContents()).toEqual(['croissant.png']);
  });

  it('refuses an image that is really HTML with the message, storing nothing', async () => {
    const { organizationId, editor } = await editorOf('Asset Trickery');
    const { page } = await openPage(browser);
    await signIn(page, baseUrl, editor.email, editor.password);
    await page.goto(`${baseUrl}/${organizationId}/assets/new`);
    await page
      .getByTestId('asset-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      });
    await page.getByTestId('asset-save').click();
    const error = page.getByTestId('asset-error');
    await error.waitFor();
    expect(await error.getAttribute('data-error-type')).toBe('AssetFileUnsupportedError');
    expect(await error.textContent()).toBe(
      'This file is not a PNG, JPEG, GIF, WebP or SVG image or an HTML snippet. Its content decides, not its name.',
    );
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/assets/new`);
    expect(await assetCount(organizationId)).toBe(0);
  });
});
