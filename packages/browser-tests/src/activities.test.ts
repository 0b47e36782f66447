import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';
import { tick } from './support/tick.ts';

type User = { email: string; password: string };

/** The seven channels, each with content a revision of it may hold (PROTOCOL §7). */
const CHANNELS: ReadonlyArray<{ type: string; label: string }> = [
  { type: 'email', label: 'E-mail' },
  { type: 'sms', label: 'SMS' },
  { type: 'pushnotification', label: 'Push notification' },
  { type: 'whatsapp', label: 'WhatsApp' },
  { type: 'web', label: 'Web' },
  { type: 'line', label: 'LINE' },
  { type: 'displayad', label: 'Display ad' },
];

const emailContent = (subject: string, body: string) => ({
  schemaVersion: 3,
  channels: { email: { subject, html: `<html><body><p>${body}</p></body></html>` } },
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('activities', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let editor: User;
  let campaignId: number;
  let listId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Activity Bakery');
    // Content.Deploy too: the settings form sets the throttle, which is the deployer's.
    editor = await createUser(herald, [
      { organizationId, roles: ['Content.Edit', 'Content.Deploy', 'Database.Manage'] },
    ]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Spring menu', startDate: '2026-03-01' },
    ]);
    campaignId = Number(campaign?.id);
    const [list] = await writeRecordsAs(herald, editor, organizationId, 'list', [{ name: 'Pizza lovers' }]);
    listId = Number(list?.id);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  /** A signed-in editor's page at `path` of the organization. */
  async function editorAt(path: string) {
    const opened = await openPage(browser);
    await signIn(opened.page, baseUrl, editor.email, editor.password);
    await opened.page.goto(`${baseUrl}/${organizationId}/${path}`);
    return opened;
  }

  async function newActivity(fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      { campaignId, type: 'email', ...fields },
    ]);
    if (!activity) throw new Error('no activity written');
    return activity;
  }

  it(
    'creates an activity of each of the seven channels from a campaign, each landing on its editor',
    { timeout: 180_000 },
    async () => {
      const [empty] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
        { name: 'Every channel', startDate: '2026-04-01' },
      ]);
      const emptyId = Number(empty?.id);
      const { page, context } = await editorAt(`campaign/${emptyId}`);
      // An empty campaign says so, and offers to create the first activity.
      await page.getByTestId('campaign-activities-empty').waitFor();
      expect(await page.getByTestId('campaign-activities-empty').textContent()).toContain(
        'This campaign has no activities yet.',
      );

      for (const [index, channel] of CHANNELS.entries()) {
        if (index > 0) await page.goto(`${baseUrl}/${organizationId}/campaign/${emptyId}`);
        await page.getByTestId(index === 0 ? 'new-activity-empty' : 'new-activity').click();
        // The form opens over the campaign page, with the seven channels to choose from.
        const modal = page.getByRole('dialog');
        await modal.getByTestId('new-activity-form').waitFor();
        expect(pathOf(page)).toBe(`/${organizationId}/campaign/${emptyId}/new`);
        expect(await modal.getByRole('radio').count()).toBe(7);
        // Nothing chosen: the form says what is missing and creates nothing.
        if (index === 0) {
          await modal.getByTestId('create-activity').click();
          await modal.getByText('Choose a channel').waitFor();
          await modal.getByText('Enter a name').waitFor();
        }
        await modal.getByRole('radio', { name: channel.label, exact: true }).click();
        await modal.getByTestId('new-activity-name').fill(`${channel.label} hello`);
        await modal.getByTestId('create-activity').click();
        await page.waitForURL((url) =>
          new RegExp(`^/${organizationId}/campaign/${emptyId}/editor/\\d+$`).test(url.pathname),
        );
        await page.getByRole('heading', { name: `${channel.label} hello` }).waitFor();
      }

      // The campaign lists all seven, each with its channel.
      await page.goto(`${baseUrl}/${organizationId}/campaign/${emptyId}`);
      const rows = page.getByTestId('activity-row');
      await rows.first().waitFor();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(7);
      const channels = await page
        .getByTestId('activity-table')
        .getByTestId('activity-channel')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-channel')));
      expect([...channels].sort()).toEqual(CHANNELS.map((channel) => channel.type).sort());
      const names = (await page.getByTestId('activity-name').allTextContents()).sort();
      expect(names).toEqual(CHANNELS.map((channel) => `${channel.label} hello`).sort());

      // Archived ones leave "all" and show under Archived.
      const id = await rows.first().getAttribute('data-activity-id');
      await writeRecordsAs(herald, editor, organizationId, 'activity', [
        { id: Number(id), isArchived: true, version: 1 },
      ]);
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(6);
      await page.getByTestId('activity-views').getByText('Archived', { exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
      expect(new URL(page.url()).searchParams.get('activities')).toBe('archived');
      await context.close();
    },
  );

  it('creates an activity from activity/new, choosing the campaign', async () => {
    const { page, context } = await editorAt('activity/new');
    await page.getByTestId('new-activity-campaign').click();
    await page.getByRole('option', { name: 'Spring menu' }).click();
    await page.getByRole('radio', { name: 'SMS', exact: true }).click();
    await page.getByTestId('new-activity-name').fill('Chosen campaign SMS');
    await page.getByTestId('create-activity').click();
    await page.waitForURL((url) => /\/activity\/editor\/\d+$/.test(url.pathname));
    const id = Number(pathOf(page).split('/').pop());
    const [stored] = await commandAs<{ records: Array<{ campaignId: number; type: string }> }>(
      herald,
      editor,
      organizationId,
      'query',
      { query: { type: 'activity', filter: { id } }, limit: 1, offset: 0 },
    ).then((page) => page.records);
    expect(stored).toMatchObject({ campaignId, type: 'sms' });
    await context.close();
  });

  it('edits the settings (distribution, frequency, target) and keeps them', async () => {
    const activity = await newActivity({ name: 'Weekly digest' });
    const id = Number(activity.id);
    const { page, context } = await editorAt(`campaign/${campaignId}/edit/${id}`);
    await page.getByTestId('activity-settings').waitFor();

    await page.getByRole('radio', { name: 'Scheduled' }).check();
    await page.getByTestId('activity-interval').click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByRole('radio', { name: 'Every n days' }).check();
    await page.getByTestId('activity-frequency-days').fill('7');
    await page.getByTestId('activity-throttle').fill('1200');
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await page.getByTestId('target-text').fill(`list ${listId} and country = "AU"`);
    await page.getByTestId('activity-notes').fill('Send before lunch');
    await page.getByTestId('save-activity-settings').click();
    await page.getByText('Activity settings saved').waitFor();

    // Read back after a reload: the form and the summary show what was saved.
    await page.reload();
    await page.getByTestId('activity-settings').waitFor();
    expect(await page.getByRole('radio', { name: 'Scheduled' }).isChecked()).toBe(true);
    expect(await page.getByTestId('activity-interval').inputValue()).toBe('Weekly');
    expect(await page.getByTestId('activity-frequency-days').inputValue()).toBe('7');
    expect(await page.getByTestId('activity-notes').inputValue()).toBe('Send before lunch');
    await page.getByTestId('activity-page-view').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/campaign/${campaignId}/view/${id}`);
    expect(await page.getByTestId('summary-distribution').textContent()).toContain('Scheduled: Weekly');
    expect(await page.getByTestId('summary-frequency').textContent()).toContain('At most once every 7 days');
    expect(await page.getByTestId('summary-target').textContent()).toContain(
      `list ${listId} and country = "AU"`,
    );

    // An approved activity whose target changes is told its approval was reset (the record says so).
    await commandAs(herald, editor, organizationId, 'saveActivityRevision', {
      activityId: id,
      content: emailContent('Digest', 'This week'),
    });
    await herald.database.db
      .updateTable('activity_revision')
      .set({ approval_status: 'approved' })
      .where('activity_id', '=', id)
      .execute();
    await page.getByTestId('activity-page-edit').click();
    await page.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await page.getByTestId('target-text').fill(`list ${listId}`);
    await page.getByTestId('save-activity-settings').click();
    await page.getByTestId('approval-reset-notice').waitFor();
    await context.close();
  });

  it('lists the revisions, compares two, restores an earlier one and previews the latest in a sandbox', async () => {
    const activity = await newActivity({ name: 'Revised newsletter' });
    const id = Number(activity.id);
    const first = await commandAs<{ revisionId: number }>(
      herald,
      editor,
      organizationId,
      'saveActivityRevision',
      {
        activityId: id,
        content: emailContent('First subject', 'Line one\nLine two'),
      },
    );
    const second = await commandAs<{ revisionId: number }>(
      herald,
      editor,
      organizationId,
      'saveActivityRevision',
      {
        activityId: id,
        content: emailContent('Second subject', 'Line one\nLine 2'),
      },
    );
    const { page, context } = await editorAt(`activity/view/${id}`);
    const rows = page.getByTestId('revision-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    expect(await rows.first().getAttribute('data-revision-id')).toBe(String(second.revisionId));
    expect(await rows.first().getByTestId('revision-latest').count()).toBe(1);

    // The preview runs nothing: an iframe with an empty sandbox and the rendered HTML.
    const frame = page.getByTestId('revision-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await page.getByTestId('revision-preview-subject').textContent()).toContain('Second subject');

    // Compare: the subject before and after, and the body's line diff.
    for (const row of await rows.all()) await tick(row.getByTestId('revision-compare-tick'));
    await page.getByTestId('compare-revisions').click();
    const subject = page.locator('[data-testid="revision-change"][data-path="channels.email.subject"]');
    await subject.waitFor();
    expect(await subject.getByTestId('revision-change-before').textContent()).toContain('First subject');
    expect(await subject.getByTestId('revision-change-after').textContent()).toContain('Second subject');
    const body = page.locator('[data-testid="revision-change"][data-path="channels.email.html"]');
    expect(await body.locator('[data-kind="removed"]').allTextContents()).toEqual([
      expect.stringContaining('Line two'),
    ]);
    expect(await body.locator('[data-kind="added"]').allTextContents()).toEqual([
      expect.stringContaining('Line 2'),
    ]);

    // Restore the first, after a confirm: a third revision, the latest, with the first's content.
    await rows.nth(1).getByTestId('revision-restore').click();
    await page.getByTestId('revision-restore-proceed').click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    const restoredId = Number(await rows.first().getAttribute('data-revision-id'));
    expect(restoredId).toBeGreaterThan(second.revisionId);
    await expect
      .poll(() => page.getByTestId('revision-preview-subject').textContent(), { timeout: 30_000 })
      .toContain('First subject');
    const { changes } = await commandAs<{ changes: unknown[] }>(
      herald,
      editor,
      organizationId,
      'compareActivityRevisions',
      { activityId: id, fromRevisionId: first.revisionId, toRevisionId: restoredId },
    );
    expect(changes).toEqual([]);

    // Its sending errors: the latest revision renders cleanly.
    await page.getByTestId('activity-page-viewerror').click();
    await page.getByTestId('activity-errors-none').waitFor();
    await context.close();
  });

  it('guard 7: editing an activity on a v5_ template opens the native editor, under either address', async () => {
    const native = await newActivity({ name: 'Native one', templateUrl: 'starter/v5_welcome' });
    const classic = await newActivity({ name: 'Classic one', templateUrl: 'starter/v4_welcome' });
    const { page, context } = await editorAt(`activity/edit/${String(native.id)}`);
    await page.waitForURL(
      (url) => url.pathname === `/${organizationId}/activity/editor/${String(native.id)}`,
    );
    await page.goto(`${baseUrl}/${organizationId}/campaign/${campaignId}/edit/${String(native.id)}`);
    await page.waitForURL(
      (url) => url.pathname === `/${organizationId}/campaign/${campaignId}/editor/${String(native.id)}`,
    );
    await page.goto(`${baseUrl}/${organizationId}/activity/edit/${String(classic.id)}`);
    await page.getByTestId('activity-settings').waitFor();
    expect(pathOf(page)).toBe(`/${organizationId}/activity/edit/${String(classic.id)}`);
    await context.close();
  });

  it('answers bad and unknown ids in the catalogue’s words, and an archived activity cannot be edited', async () => {
    const { page, context } = await editorAt('activity/view/abc');
    const problem = page.getByTestId('activity-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe('Activity ID is not valid');
    for (const path of ['activity/edit/0', `campaign/${campaignId}/view/12x`, 'activity/viewerror/-4']) {
      await page.goto(`${baseUrl}/${organizationId}/${path}`);
      await expect.poll(() => problem.textContent(), { timeout: 30_000 }).toBe('Activity ID is not valid');
    }
    await page.goto(`${baseUrl}/${organizationId}/activity/view/987654`);
    await expect.poll(() => problem.textContent(), { timeout: 30_000 }).toBe('Activity not found');
    await page.goto(`${baseUrl}/${organizationId}/activity/edit/987654`);
    await expect.poll(() => problem.textContent(), { timeout: 30_000 }).toBe('Activity not found');

    const archived = await newActivity({ name: 'Old promo', isArchived: true });
    await page.goto(`${baseUrl}/${organizationId}/activity/edit/${String(archived.id)}`);
    const notice = page.getByTestId('activity-not-editable');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This item cannot be edited or deleted.');
    expect(await page.getByTestId('activity-name-input').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('save-activity-settings').count()).toBe(0);
    // Unarchived, it can be edited again.
    await page.getByTestId('activity-unarchive').click();
    await page.getByTestId('save-activity-settings').waitFor();
    expect(await page.getByTestId('activity-not-editable').count()).toBe(0);
    await context.close();
  });
});
