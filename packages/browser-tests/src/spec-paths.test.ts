import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/** Platform §2: a tag's page and a targeting rule's page live under settings; their old addresses redirect. */
describe("the spec's settings paths", () => {
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

  it('serves settings/tags/{id} and settings/targeting/{type}, and redirects the old addresses there', async () => {
    const organizationId = await createOrganization(herald, 'Spec Paths Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const [tag] = await writeRecordsAs(herald, admin, organizationId, 'tag', [{ name: 'Loyal' }]);
    const tagId = Number(tag?.id);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    // The tags list links to the spec's path.
    await page.goto(`${baseUrl}/${organizationId}/settings/tags`);
    await page.getByTestId('tag-name').filter({ hasText: 'Loyal' }).click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/tags/${tagId}`);
    await page.getByRole('heading', { name: 'Loyal' }).waitFor();

    // The old address of a tag redirects, keeping its query.
    await page.goto(`${baseUrl}/${organizationId}/tags/${tagId}?from=mail`);
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/tags/${tagId}`);
    expect(new URL(page.url()).search).toBe('?from=mail');
    await page.getByRole('heading', { name: 'Loyal' }).waitFor();

    // The targeting rules link to the spec's path, and the old address redirects there.
    await page.goto(`${baseUrl}/${organizationId}/settings/targeting`);
    await page.getByRole('link', { name: 'SMS', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/targeting/sms`);
    await page.getByRole('heading', { name: 'Targeting rule: SMS' }).waitFor();
    await page.goto(`${baseUrl}/${organizationId}/targeting/email`);
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/targeting/email`);
    await page.getByRole('heading', { name: /^Targeting rule: / }).waitFor();
    await context.close();
  });
});
