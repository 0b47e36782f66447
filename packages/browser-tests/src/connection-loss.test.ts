import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/**
 * What a person sees when the server goes away. The reconnect schedule waits 1, 2, 4 … 128 s between
 * retries; the page's clock is driven by Playwright so the eight retries do not take four minutes.
 */
describe('when the server goes away', () => {
  let herald: TestHerald;
  let browser: Browser;

  beforeEach(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
  });
  afterEach(async () => {
    await releaseBrowser(browser);
    await herald?.stop().catch(() => undefined);
  });

  it('says the connection is offline from the third failed retry, then closed with a Reload page action', async () => {
    const organizationId = await createOrganization(herald, 'Offline Test Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page } = await openPage(browser);
    await page.clock.install();
    await signIn(page, herald.config.publicUrl, user.email, user.password);
    await page.getByRole('link', { name: 'Offline Test Org' }).click();
    await expect
      .poll(() => page.getByTestId('connection-status').getAttribute('data-status'))
      .toBe('authenticated');

    await herald.stop();
    await expect
      .poll(() => page.getByTestId('connection-status').getAttribute('data-status'))
      .toBe('retrying');
    const offline = page
      .getByTestId('app-alert')
      .filter({ hasText: 'Connection is offline. Trying to reconnect...' });
    // Retries 1 and 2 wait 1 s and 2 s and fail at once: no notice yet. The third fails after a further 4 s.
    await page.clock.runFor(3_500);
    await page.waitForTimeout(200);
    expect(await offline.isVisible()).toBe(false);
    for (let second = 0; second < 12 && !(await offline.isVisible()); second += 1) {
      await page.clock.runFor(1_000);
      await page.waitForTimeout(50);
    }
    expect(await offline.isVisible()).toBe(true);

    const closed = page
      .getByTestId('app-alert')
      .filter({ hasText: 'Connection closed. Please reload the page.' });
    // Alerts fade after 8 s, so the clock moves in steps shorter than that.
    for (let step = 0; step < 120 && !(await closed.isVisible()); step += 1) {
      await page.clock.runFor(4_000);
      await page.waitForTimeout(50);
    }
    expect(await closed.isVisible()).toBe(true);
    expect(await closed.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
    // Both channels give up on the same schedule; the organization channel's badge follows within moments.
    const status = page.getByTestId('connection-status');
    for (let step = 0; step < 20 && (await status.getAttribute('data-status')) !== 'closed'; step += 1) {
      await page.clock.runFor(1_000);
      await page.waitForTimeout(50);
    }
    expect(await status.getAttribute('data-status')).toBe('closed');
  });

  it('tells a signed-out person that Herald cannot be reached and their IT must allow its domains', async () => {
    const { page } = await openPage(browser);
    await page.clock.install();
    await page.goto(`${herald.config.publicUrl}/login`);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await herald.stop();
    const unreachable = page
      .getByTestId('app-alert')
      .filter({ hasText: "Please ask your IT team to allow access to Herald's domains." });
    for (let step = 0; step < 60 && !(await unreachable.isVisible()); step += 1) {
      await page.clock.runFor(2_000);
      await page.waitForTimeout(50);
    }
    expect(await unreachable.isVisible()).toBe(true);
    expect(await unreachable.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
  });
});
