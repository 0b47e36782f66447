import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

const CHANNELS = ['sms', 'pushnotification', 'whatsapp', 'line', 'web', 'displayad'] as const;
type EditedChannel = (typeof CHANNELS)[number];

/**
 * The editors of SMS, push, WhatsApp, LINE, web and display ads. Each test opens the editor of
 * an activity of its channel, edits it, sees the preview follow (personalized by the server for the sample
 * recipient, Alex), saves, reloads and finds the content kept.
 */
describe('channel editors', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let page: Page;
  let credentials: { email: string; password: string };
  const activityIds = {} as Record<EditedChannel, number>;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Channel Editors Org');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Spring sale', startDate: '2030-01-01' },
    ]);
    const activities = await writeRecordsAs(
      herald,
      editor,
      organizationId,
      'activity',
      CHANNELS.map((type) => ({ campaignId: campaign?.id, type, name: `Spring ${type}` })),
    );
    for (const activity of activities) activityIds[activity.type as EditedChannel] = Number(activity.id);
    await writeRecordsAs(herald, editor, organizationId, 'whatsappTemplate', [
      { name: 'order_ready', language: 'en', body: 'Hi {{1}}, order {{2}} is ready.', status: 'received' },
      {
        name: 'birthday_treat',
        language: 'en',
        body: 'Happy birthday {{1}}!',
        status: 'pending',
      },
      {
        name: 'flash_sale',
        language: 'en',
        body: 'Flash sale, {{1}}!',
        status: 'paused',
        statusReason: 'Many recipients blocked it.',
      },
    ]);
    credentials = editor;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  /** Signs in on a page of its own (one per test) and opens the channel's activity in the editor. */
  async function openEditor(channel: EditedChannel, testId: string) {
    ({ page } = await openPage(browser));
    await signIn(page, baseUrl, credentials.email, credentials.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/editor/${activityIds[channel]}`);
    await page.getByTestId(testId).waitFor();
  }

  /** Saves the draft and waits until the save is done (the button is disabled again with no draft). */
  async function saveAndReload(testId: string) {
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.reload();
    await page.getByTestId(testId).waitFor();
  }

  it('SMS: counts segments live, marks the characters that force UCS-2, shortens links, keeps the text', async () => {
    await openEditor('sms', 'sms-editor');
    const text = page.getByTestId('sms-text');
    await text.fill('Hi {{ subscriber.firstname }}, two pizzas for one tonight!');
    await expect
      .poll(() => page.getByTestId('sms-bubble').textContent())
      .toBe('Hi Alex, two pizzas for one tonight!');
    expect(await page.getByTestId('sms-count-encoding').textContent()).toBe('GSM-7');
    await expect
      .poll(() => page.getByTestId('sms-personalized-count-figures').textContent())
      .toMatch(/^36 characters, 1 segments/);
    expect(await page.getByTestId('sms-ucs2-mark').count()).toBe(0);

    // Curly quotes pasted from a word processor: the whole message becomes UCS-2, 67 units a part once split.
    const long = `Hi {{ subscriber.firstname }}, “two for one” ${'pizza '.repeat(10)}tonight`;
    await text.fill(long);
    expect(await page.getByTestId('sms-count-encoding').textContent()).toBe('UCS-2');
    expect(await page.getByTestId('sms-ucs2-mark').allTextContents()).toEqual(['“', '”']);
    expect(await page.getByTestId('sms-ucs2-characters').textContent()).toContain('“ ”');
    expect(await page.getByTestId('sms-count-figures').textContent()).toMatch(/2 segments/);
    await expect.poll(() => page.getByTestId('sms-personalized-count-encoding').textContent()).toBe('UCS-2');

    await text.fill('Order now: ');
    await page.getByTestId('sms-short-link-url').fill(`https://pizza.example/offers/${'spring-'.repeat(30)}`);
    await page.getByTestId('sms-short-link-add').click();
    expect(await text.inputValue()).toMatch(
      /^Order now: \{\{ "https:\/\/pizza\.example\/offers\/spring-.*" \| short_url \}\}$/,
    );
    // The link counts at a short link's 23 characters, as written and as sent.
    expect(await page.getByTestId('sms-count-figures').textContent()).toMatch(/^34 characters, 1 segments/);
    await expect
      .poll(() => page.getByTestId('sms-bubble').textContent())
      .toMatch(/^Order now: https:\/\/hrld\.io\/\w{7}$/);

    const written = await text.inputValue();
    await saveAndReload('sms-editor');
    expect(await page.getByTestId('sms-text').inputValue()).toBe(written);
  });

  it('push: previews the personalized title and body on Android and iOS, keeps them', async () => {
    await openEditor('pushnotification', 'push-editor');
    await page.getByTestId('push-title').fill('Hi {{ subscriber.firstname }}');
    await page.getByTestId('push-body').fill('Your {{ subscriber.suburb }} store has a deal.');
    await page.getByTestId('push-deep-link').fill('pizza://offers/spring');
    for (const system of ['android', 'ios']) {
      await expect.poll(() => page.getByTestId(`push-preview-${system}-title`).textContent()).toBe('Hi Alex');
      await expect
        .poll(() => page.getByTestId(`push-preview-${system}-body`).textContent())
        .toBe('Your Surry Hills store has a deal.');
    }
    await saveAndReload('push-editor');
    expect(await page.getByTestId('push-title').inputValue()).toBe('Hi {{ subscriber.firstname }}');
    expect(await page.getByTestId('push-deep-link').inputValue()).toBe('pizza://offers/spring');
  });

  it('WhatsApp: a template that is not received cannot be chosen; a received one is filled and previewed', async () => {
    await openEditor('whatsapp', 'whatsapp-editor');
    const pending = page.getByTestId('whatsapp-template-birthday_treat');
    await pending.waitFor();
    expect(await pending.getByRole('radio').isDisabled()).toBe(true);
    expect(await page.getByTestId('whatsapp-template-birthday_treat-why').textContent()).toContain(
      'Waiting for WhatsApp’s review',
    );
    expect(await page.getByTestId('whatsapp-template-flash_sale-why').textContent()).toContain(
      'Many recipients blocked it.',
    );
    await pending.getByText('birthday_treat').click({ force: true });
    expect(await pending.getByRole('radio').isChecked()).toBe(false);
    // The new activity's starting template is not one of this organization's.
    await page.getByTestId('whatsapp-template-missing').waitFor();

    const received = page.getByTestId('whatsapp-template-order_ready');
    await received.getByRole('radio').check();
    await page.getByTestId('whatsapp-parameter-1').fill('{{ subscriber.firstname }}');
    await page.getByTestId('whatsapp-parameter-2').fill('A-1042');
    await expect
      .poll(() => page.getByTestId('whatsapp-bubble-body').textContent())
      .toBe('Hi Alex, order A-1042 is ready.');
    await saveAndReload('whatsapp-editor');
    await expect
      .poll(() => page.getByTestId('whatsapp-template-order_ready').getByRole('radio').isChecked())
      .toBe(true);
    expect(await page.getByTestId('whatsapp-parameter-1').inputValue()).toBe('{{ subscriber.firstname }}');
  });

  it('LINE: adds, reorders and removes messages (with undo), previewed as bubbles, kept in order', async () => {
    await openEditor('line', 'line-editor');
    await page.getByTestId('line-add-text').click();
    await page.getByTestId('line-message-2-text').fill('Second for {{ subscriber.firstname }}');
    await page.getByTestId('line-message-2-up').click();
    await expect.poll(() => page.getByTestId('line-bubble-1').textContent()).toBe('Second for Alex');
    await page.getByTestId('line-add-flex').click();
    await page.getByTestId('line-message-3-alt-text').fill('Spring menu');
    await page
      .getByTestId('line-message-3-flex-contents')
      .fill(
        '{"type":"bubble","body":{"type":"box","layout":"vertical","contents":[{"type":"text","text":"Spring menu"}]}}',
      );
    await expect.poll(() => page.getByTestId('line-bubble-3').textContent()).toContain('Spring menu');
    await page.getByTestId('line-message-1-remove').click();
    expect(await page.getByTestId('line-messages').locator('[data-type]').count()).toBe(2);
    await page.getByTestId('line-undo-remove').click();
    await expect.poll(() => page.getByTestId('line-bubble-1').textContent()).toBe('Second for Alex');
    await saveAndReload('line-editor');
    expect(await page.getByTestId('line-message-1-text').inputValue()).toBe(
      'Second for {{ subscriber.firstname }}',
    );
    expect(await page.getByTestId('line-message-3').getAttribute('data-type')).toBe('flex');
  });

  it('web: previews the HTML as a modal in a sandboxed frame that runs no script, keeps it', async () => {
    await openEditor('web', 'web-editor');
    const frame = page.getByTestId('web-preview-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.getByTestId('web-placement').getByText('Modal').click();
    const html = '<p>Hello {{ subscriber.firstname }}</p><script>document.body.dataset.ran = "yes"</script>';
    await page.getByTestId('web-html').fill(html);
    const inside = page.frameLocator('[data-testid="web-preview-frame"]');
    await expect.poll(() => inside.locator('[data-placement="modal"] p').textContent()).toBe('Hello Alex');
    expect(await inside.locator('body').getAttribute('data-ran')).toBeNull();
    await saveAndReload('web-editor');
    expect(await page.getByTestId('web-html').inputValue()).toBe(html);
    expect(await page.getByTestId('web-placement').getByRole('radio', { name: 'Modal' }).isChecked()).toBe(
      true,
    );
  });

  it('display ad: names the audience, shows the hashed identifiers, picks IAB sizes, keeps them', async () => {
    await openEditor('displayad', 'displayad-editor');
    const sha256 = createHash('sha256').update('alex.sample@example.com').digest('hex');
    await expect.poll(() => page.getByTestId('displayad-email-hash').textContent()).toBe(sha256);
    await page.getByTestId('displayad-audience-name').fill('Lapsed pizza lovers');
    await page.getByTestId('displayad-size-160x600').check();
    await page.getByTestId('displayad-size-728x90').uncheck();
    await page.getByTestId('displayad-preview-160x600').waitFor();
    expect(await page.getByTestId('displayad-preview-728x90').count()).toBe(0);
    expect(await page.getByTestId('displayad-preview-audience').textContent()).toContain(
      'Lapsed pizza lovers',
    );
    await saveAndReload('displayad-editor');
    expect(await page.getByTestId('displayad-audience-name').inputValue()).toBe('Lapsed pizza lovers');
    expect(await page.getByTestId('displayad-size-160x600').isChecked()).toBe(true);
    expect(await page.getByTestId('displayad-size-728x90').isChecked()).toBe(false);
  });

  it('display ad: the activity page offers each finished run’s audience file, or says none was kept', async () => {
    ({ page } = await openPage(browser));
    await signIn(page, baseUrl, credentials.email, credentials.password);
    const activityId = activityIds.displayad;
    const viewPage = `${baseUrl}/${organizationId}/activity/view/${activityId}`;
    await page.goto(viewPage);
    await page.getByTestId('audience-files-empty').waitFor();

    // Two finished runs, as the engine leaves them: one whose file was kept, one whose upload kept none.
    const db = herald.database.db;
    const run = async (kept: boolean) =>
      Number(
        (
          await db
            .insertInto('deployment_run')
            .values({
              organization_id: organizationId,
              activity_id: activityId,
              revision_id: 1,
              channel: 'displayad',
              status: 'finished',
              sent: 2,
              recipients: 2,
              finished_at: new Date(),
              details: JSON.stringify(kept ? { audienceFileKeptAt: new Date().toISOString() } : {}),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const keptRun = await run(true);
    const emptyRun = await run(false);
    const csv = `hashed_email,hashed_phone\n${createHash('sha256').update('alex@example.com').digest('hex')},\n`;
    await writeFile(
      path.join(herald.config.dataDir, 'files', 'extracts', `audience-${organizationId}-${keptRun}.csv`),
      csv,
    );
    await page.reload();
    const row = (runId: number) => page.locator(`[data-testid="audience-file-run"][data-run-id="${runId}"]`);
    await row(keptRun).waitFor();
    expect(await row(emptyRun).getByTestId('audience-file-none').textContent()).toBe(
      'No file was kept for this run.',
    );
    const [request, download] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().includes('/uiv5-audience/')),
      page.waitForEvent('download'),
      row(keptRun).getByRole('button', { name: 'Download audience file' }).click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).pathname).toBe(`/uiv5-audience/${organizationId}/${keptRun}.csv`);
    expect(request.postData()).toMatch(/^jwt=[\w.-]+$/);
    expect(download.suggestedFilename()).toBe(`audience-${keptRun}.csv`);
    expect(await readFile((await download.path())!, 'utf8')).toBe(csv);
  });
});
