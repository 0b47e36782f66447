import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/** What has focus: its tag, test id, text and whether it sits in a dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? null,
      testId: element?.getAttribute('data-testid') ?? null,
      id: element?.id ?? null,
      text: element?.textContent?.trim() ?? '',
      inDialog: Boolean(element?.closest('[role="dialog"]')),
    };
  });

/** The skip link, where focus goes, the input focus ring, the first paint. */
describe('keyboard and focus', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let manager: { email: string; password: string };

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Keyboard Org');
    manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('offers "Skip to content" as the first tab stop, shown on focus, and it moves focus to the page', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Keyboard Org' }).waitFor();
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    // Off screen until focused.
    expect((await skipLink.boundingBox())?.y ?? 0).toBeLessThan(0);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testId: 'skip-link' });
    await expect.poll(async () => (await skipLink.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);

    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'main-content' });
    // The next tab stop is inside the page, past the header and navigation.
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')));
    expect(next).toBe(true);
    await context.close();
  });

  it('moves focus to the page heading after navigation', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Keyboard Org' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Subscriber lists' })
      .click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Subscriber lists' });
    await context.close();
  });

  it('focuses a modal’s first field when it opens, and what opened it when it closes', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/subscribers`);
    await page.getByRole('heading', { name: 'Subscriber lists' }).waitFor();
    const newList = page.getByTestId('new-list');
    await newList.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', inDialog: true });
    expect(
      await page.evaluate(() => document.activeElement === document.querySelector('[role="dialog"] input')),
    ).toBe(true);

    // The focused field shows a ring of at least 2px.
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'new-list' });
    await context.close();
  });

  it('ends every signed-in page with room for the bottom-left toasts', async () => {
    // A short window, so the page scrolls and its end can be brought to the bottom edge.
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 420 } });
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Keyboard Org' }).waitFor();
    const room = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const main = document.getElementById('main-content');
      const last = main?.lastElementChild?.getBoundingClientRect();
      return last ? window.innerHeight - last.bottom : 0;
    });
    // A toast is about 80 px high and sits 16 px above the bottom edge.
    expect(room).toBeGreaterThanOrEqual(100);
    await context.close();
  });

  it('draws the outline of a screen before any script has run', async () => {
    const { page, context } = await openPage(browser);
    // Scripts are held back, as on a slow link; the page must not be blank meanwhile.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded, so the wait is for the response only.
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    await page.locator('[data-shell-skeleton]').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in to Herald' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Sign in to Herald' }).waitFor();
    expect(await page.locator('[data-shell-skeleton]').count()).toBe(0);
    await context.close();
  });
});
