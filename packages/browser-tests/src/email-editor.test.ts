import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/** The text, or the HTML, the server rendered into one of the sandboxed preview frames. */
async function frame(
  page: Page,
  title: 'Desktop preview' | 'Mobile preview',
  what: 'text' | 'html' = 'text',
) {
  const body = page.frameLocator(`iframe[title="${title}"]`).locator('body');
  return what === 'text' ? ((await body.textContent()) ?? '') : await body.innerHTML();
}

/** Both previews, once each shows `text` (they render again a moment after the last change). */
async function bothShow(page: Page, text: string) {
  await expect.poll(() => frame(page, 'Desktop preview'), { timeout: 10_000 }).toContain(text);
  await expect.poll(() => frame(page, 'Mobile preview'), { timeout: 10_000 }).toContain(text);
}

/** Selects the canvas block showing `text` (its select button is the first in it). */
async function selectBlock(page: Page, text: string) {
  await page.getByTestId('design-block').filter({ hasText: text }).getByRole('button').first().click();
}

describe('email editor', () => {
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

  it(
    'builds a personalized e-mail with live previews, undo and redo, a test profile, no script run, and keeps it saved',
    { timeout: 180_000 },
    async () => {
      const organizationId = await createOrganization(herald, 'Editor Pizza Co');
      const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
      await herald.database.db
        .updateTable('user_account')
        .set({
          settings: JSON.stringify({
            testProfile: { firstName: 'Tess', lastName: 'Tester', email: 'tess@example.com' },
          }),
        })
        .where('id', '=', editor.id)
        .execute();
      const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
        { name: 'Pizza month', startDate: '2020-01-01' },
      ]);
      const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
        { campaignId: campaign?.id, type: 'email', name: 'Friday offer' },
      ]);
      // The preview's hostile HTML is refused by the frame's sandbox and by the page's CSP, which reports it.
      const { page, context } = await openPage(
        browser,
        {},
        { cspViolations: /Executing inline (event handler|script)/ },
      );
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const consoleMarkers: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('xss-ran')) consoleMarkers.push(message.text());
      });
      await signIn(page, baseUrl, editor.email, editor.password);
      await page.goto(`${baseUrl}/${organizationId}/activity/editor/${activity?.id}`);
      await page.getByTestId('email-editor').waitFor();

      // The starting design greets the sample recipient by name, on desktop and on mobile.
      await bothShow(page, 'Hello Alex');
      await page.getByLabel('Subject', { exact: true }).fill('Pizza for {{ subscriber.firstname }}');
      await expect.poll(() => page.getByTestId('preview-subject').textContent()).toContain('Pizza for Alex');

      // Typing in a text block changes both previews; a field goes in from the insert-field menu with a fallback.
      await selectBlock(page, 'Here is what is new');
      const text = page.getByRole('textbox', { name: 'Text', exact: true });
      await text.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Fresh pizza today');
      await bothShow(page, 'Fresh pizza today');
      await page.keyboard.type(' for ');
      await page.getByRole('button', { name: 'Insert field into Text' }).click();
      await page.getByRole('combobox', { name: 'Field', exact: true }).fill('Last');
      await page.getByRole('option', { name: 'Last name' }).click();
      await page.getByLabel('Fallback', { exact: true }).fill('friends');
      await page.getByRole('button', { name: 'Insert', exact: true }).click();
      await bothShow(page, 'Fresh pizza today for Sample');

      // A script typed as text stays text.
      await text.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' <img src=x onerror="console.log(\'xss-ran\')">');
      await bothShow(page, '<img src=x onerror=');

      // A button and an image, after the text.
      await page.getByRole('button', { name: 'Add Button' }).click();
      await page.getByLabel('Button text', { exact: true }).fill('Order now');
      await page.getByLabel('Link address', { exact: true }).fill('https://example.com/order');
      await bothShow(page, 'Order now');
      await page.getByRole('button', { name: 'Add Image' }).click();
      // Herald serves images itself (the page's CSP allows no other host), so the picture is one of its own.
      await page.getByLabel('Image address', { exact: true }).fill(`${baseUrl}/favicon.svg`);
      await page.getByLabel('Alternative text', { exact: true }).fill('A hot pizza');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('alt="A hot pizza"');
      await expect.poll(() => frame(page, 'Mobile preview', 'html')).toContain(`${baseUrl}/favicon.svg`);

      // Undo and redo, by the buttons and by the keyboard outside any field.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect
        .poll(() => page.getByLabel('Alternative text', { exact: true }).inputValue())
        .toBe('Image');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).not.toContain('A hot pizza');
      await page.getByRole('button', { name: 'Redo' }).click();
      await expect
        .poll(() => page.getByLabel('Alternative text', { exact: true }).inputValue())
        .toBe('A hot pizza');
      await page.getByTestId('block-palette').getByRole('heading').click();
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => page.getByLabel('Alternative text', { exact: true }).inputValue())
        .toBe('Image');
      await page.keyboard.press('Control+Shift+z');
      await expect
        .poll(() => page.getByLabel('Alternative text', { exact: true }).inputValue())
        .toBe('A hot pizza');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('A hot pizza');

      // An HTML block that would run script: the sandboxed previews show it and run none of it.
      await page.getByRole('button', { name: 'Add HTML' }).click();
      await page
        .getByLabel('HTML', { exact: true })
        .fill(
          `<p>Raw block</p><img src="x" onerror="console.log('xss-ran-img'); alert('xss-ran-img'); window.top.document.title='xss-ran'">` +
            `<script>console.log('xss-ran-script'); alert('xss-ran-script'); window.top.document.title='xss-ran'</script>`,
        );
      await bothShow(page, 'Raw block');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('onerror=');
      await expect.poll(() => frame(page, 'Mobile preview', 'html')).toContain('<script>');
      // Once the broken image has failed in both frames, its onerror would have run were scripts allowed.
      for (const title of ['Desktop preview', 'Mobile preview'])
        await expect
          .poll(() =>
            page
              .frameLocator(`iframe[title="${title}"]`)
              .locator('img[src="x"]')
              .evaluate((image: HTMLImageElement) => image.complete),
          )
          .toBe(true);
      expect(dialogs).toEqual([]);
      expect(consoleMarkers).toEqual([]);
      expect(await page.title()).not.toContain('xss-ran');
      for (const iframe of await page.locator('[data-testid="email-preview"] iframe').all())
        expect(await iframe.getAttribute('sandbox')).toBe('');

      // Preview as a test profile: the user's own comes first, as "Your account".
      await page.getByRole('combobox', { name: 'Preview as', exact: true }).click();
      const options = page.getByRole('option');
      await expect.poll(() => options.allTextContents()).toEqual(['Sample recipient', 'Your account']);
      await page.getByRole('option', { name: 'Your account' }).click();
      await bothShow(page, 'Hello Tess');
      await bothShow(page, 'for Tester');

      // Save (Ctrl+S), then a reload shows the saved e-mail.
      await page.getByTestId('unsaved-badge').waitFor();
      await page.getByTestId('block-palette').getByRole('heading').click();
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('unsaved-badge').count()).toBe(0);
      await page.reload();
      await page.getByTestId('email-editor').waitFor();
      await expect
        .poll(() => page.getByLabel('Subject', { exact: true }).inputValue())
        .toBe('Pizza for {{ subscriber.firstname }}');
      await expect
        .poll(() => page.getByTestId('design-block').filter({ hasText: 'Order now' }).count())
        .toBe(1);
      await bothShow(page, 'Fresh pizza today for Sample');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('A hot pizza');
      await context.close();
    },
  );

  it(
    'picks a published content block by tag, takes a theme, and asks before Back leaves unsaved changes',
    { timeout: 180_000 },
    async () => {
      const organizationId = await createOrganization(herald, 'Block Pizza Co');
      const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
      const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
        { name: 'Block month', startDate: '2020-01-01' },
      ]);
      const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
        { campaignId: campaign?.id, type: 'email', name: 'Block offer' },
      ]);
      await writeRecordsAs(herald, editor, organizationId, 'contentBlock', [
        { name: 'Winter offer', content: '<p>Two pizzas for one</p>', tags: ['promo'], isPublished: true },
        { name: 'Legal note', content: '<p>Terms apply</p>', tags: ['legal'], isPublished: true },
        { name: 'Unfinished', content: '<p>Not yet</p>', tags: ['promo'], isPublished: false },
      ]);
      await writeRecordsAs(herald, editor, organizationId, 'theme', [
        {
          themeName: 'Narrow cream',
          customFont: { family: 'Georgia, serif' },
          style: { body: { width: '480px', backgroundColor: '#fef3c7' } },
        },
      ]);
      const { page, context } = await openPage(browser);
      let answer: 'accept' | 'dismiss' = 'dismiss';
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
      });
      await signIn(page, baseUrl, editor.email, editor.password);
      const before = `${baseUrl}/${organizationId}/dashboard`;
      await page.goto(before);
      await page.goto(`${baseUrl}/${organizationId}/activity/editor/${activity?.id}`);
      await page.getByTestId('email-editor').waitFor();
      await bothShow(page, 'Hello Alex');

      // Adding a content block opens the picker at once; the canvas asks for a choice until one is made.
      await page.getByRole('button', { name: 'Add Content block' }).click();
      const picker = page.getByTestId('content-block-picker');
      await picker.waitFor();
      const choices = picker.getByTestId('content-block-choice');
      await expect.poll(() => choices.count(), { timeout: 15_000 }).toBe(2);
      await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
      await page.getByRole('option', { name: 'legal' }).click();
      await expect
        .poll(() => choices.allTextContents(), { timeout: 15_000 })
        .toEqual([expect.stringContaining('Legal note')]);
      await page.keyboard.press('Escape');
      await expect.poll(() => picker.count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('design-block').filter({ hasText: 'Choose a content block' }).count())
        .toBe(1);
      await page.getByRole('button', { name: 'Choose a content block…' }).click();
      await picker.waitFor();
      await picker.getByLabel('Search by name', { exact: true }).fill('Winter');
      await expect.poll(() => choices.count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() =>
          picker.frameLocator('iframe[title="Preview of Winter offer"]').locator('body').textContent(),
        )
        .toContain('Two pizzas for one');
      await page.getByRole('button', { name: 'Choose Winter offer' }).click();
      await bothShow(page, 'Two pizzas for one');
      await expect
        .poll(() => page.getByTestId('design-block').filter({ hasText: 'Winter offer' }).count())
        .toBe(1);

      // A theme changes the rendering and the canvas.
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('max-width:600px');
      await page.getByRole('combobox', { name: 'Theme', exact: true }).click();
      await page.getByRole('option', { name: 'Narrow cream' }).click();
      await expect
        .poll(() => frame(page, 'Desktop preview', 'html'), { timeout: 15_000 })
        .toContain('max-width:480px');
      await expect.poll(() => frame(page, 'Desktop preview', 'html')).toContain('Georgia, serif');
      await expect.poll(() => page.getByTestId('design-canvas').getAttribute('data-width')).toBe('480');

      // Back with unsaved changes asks; staying keeps the editor, leaving goes back.
      await page.getByTestId('unsaved-badge').waitFor();
      await page.evaluate(() => window.history.back());
      await expect.poll(() => dialogs.length, { timeout: 15_000 }).toBe(1);
      expect(dialogs[0]).toBe('You have unsaved changes. Leave without saving?');
      await page.waitForTimeout(500);
      expect(page.url()).toContain('/activity/editor/');
      await page.getByTestId('email-editor').waitFor();
      answer = 'accept';
      await page.evaluate(() => window.history.back());
      await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(before);
      expect(dialogs).toHaveLength(2);
      await context.close();
    },
  );

  it('opens a block starter on its blocks (saved, Back leaves unasked) and an MJML one on its code', async () => {
    const organizationId = await createOrganization(herald, 'Starter Pizza Co');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Starters', startDate: '2020-01-01' },
    ]);
    const [welcome, newsletter] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      {
        campaignId: campaign?.id,
        type: 'email',
        name: 'Hello new member',
        templateUrl: 'v5_starter-welcome',
      },
      { campaignId: campaign?.id, type: 'email', name: 'June news', templateUrl: 'v5_starter-newsletter' },
    ]);
    // The newsletter starter's pictures live on a placeholder host, which the page's CSP refuses (noted there).
    const { page, context } = await openPage(browser, {}, { cspViolations: /placehold\.co/ });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signIn(page, baseUrl, editor.email, editor.password);
    const before = `${baseUrl}/${organizationId}/dashboard`;
    await page.goto(before);
    await page.goto(`${baseUrl}/${organizationId}/activity/editor/${welcome?.id}`);
    await page.getByTestId('email-editor').waitFor();
    await expect
      .poll(() => page.getByTestId('design-block').filter({ hasText: 'Welcome aboard!' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await bothShow(page, 'Complete my profile');
    // Once saved, one press of Back leaves, asking nothing.
    await page.getByRole('button', { name: 'Add Divider' }).click();
    await page.getByTestId('unsaved-badge').waitFor();
    await page.getByTestId('block-palette').getByRole('heading').click();
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByTestId('unsaved-badge').count(), { timeout: 15_000 }).toBe(0);
    await page.evaluate(() => window.history.back());
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(before);
    expect(dialogs).toEqual([]);
    await page.goto(`${baseUrl}/${organizationId}/activity/editor/${newsletter?.id}`);
    await page.getByTestId('email-editor').waitFor();
    await page
      .getByText('This e-mail is written as source; edit it in the Source tab.')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('design-block').count()).toBe(0);
    await context.close();
  });
});
