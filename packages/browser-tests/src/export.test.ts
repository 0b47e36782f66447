import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

describe('export', () => {
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

  /** An organization with a list of two subscribers, and a user who may extract. */
  async function seeded(name: string, settings: Record<string, unknown> = {}) {
    const organizationId = await createOrganization(herald, name);
    const db = herald.database.db;
    await db
      .updateTable('organization')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', organizationId)
      .execute();
    const extractor = await createUser(herald, [
      { organizationId, roles: ['Database.Read', 'Database.Extract'] },
    ]);
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Newsletter', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscribers = await db
      .insertInto('subscriber')
      .values(
        ['ana@example.test', 'ben@example.test'].map((email) => ({
          organization_id: organizationId,
          email,
          extra: '{}',
          custom: '{}',
          partition_ids: [],
          scores: '{}',
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('list_membership')
      .values(
        subscribers.map((subscriber) => ({
          list_id: list.id,
          subscriber_id: subscriber.id,
          organization_id: organizationId,
        })),
      )
      .execute();
    return { organizationId, extractor, listId: list.id };
  }

  async function openExports(page: Page, organizationId: number) {
    await page.goto(`${baseUrl}/${organizationId}/export`);
    await page.getByRole('heading', { name: 'Request an export' }).waitFor();
  }

  const jobRow = (page: Page) => page.getByTestId('export-job').first();

  it('requests exports, follows them to ready and downloads with a form POST', async () => {
    const { organizationId, extractor } = await seeded('Export Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, extractor.email, extractor.password);
    await openExports(page, organizationId);
    await page.getByTestId('list-empty').waitFor();

    // All subscribers (the default), followed live to ready.
    await page.getByRole('button', { name: 'Request export' }).click();
    await page.locator('[data-testid="export-job"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    expect(await jobRow(page).getByTestId('job-state').textContent()).toBe('Ready');

    // The download is a form POSTed with the token in a hidden field, answered with a zip.
    const [request, download] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().includes('/uiv5-extract/')),
      page.waitForEvent('download'),
      jobRow(page).getByTestId('export-download').click(),
    ]);
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).pathname).toMatch(
      new RegExp(`^/uiv5-extract/${organizationId}/[^/]+\\.zip$`),
    );
    expect(request.postData()).toMatch(/^jwt=[\w.-]+$/);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(await download.failure()).toBeNull();

    // The members of one list, chosen in the list picker.
    await page.getByRole('combobox', { name: 'What to export' }).click();
    await page.getByRole('option', { name: 'List members' }).click();
    const submit = page.getByRole('button', { name: 'Request export' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'List' }).click();
    await page.getByRole('option', { name: 'Newsletter' }).click();
    await submit.click();
    await expect.poll(() => page.getByTestId('export-job').count()).toBe(2);
    await expect.poll(() => jobRow(page).getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');
    expect(await jobRow(page).locator('td').nth(1).textContent()).toBe('Newsletter');
    await context.close();
  });

  it('exports a list from its menu: columns chosen and ordered by keyboard, as XLSX', async () => {
    const { organizationId, extractor, listId } = await seeded('List Export Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, extractor.email, extractor.password);

    // The lists screen's actions menu offers Export beside the list's other actions.
    await page.goto(`${baseUrl}/${organizationId}/subscribers`);
    await page.getByTestId('list-actions').first().click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Newsletter' });
    await dialog.waitFor();
    const columns = dialog.getByTestId('export-column');
    await expect.poll(() => columns.first().getAttribute('data-column')).toBe('email');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The list page has it too.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/view/${listId}`);
    await page.getByTestId('list-export').click();
    await dialog.waitFor();
    // Nothing ticked is refused before anything is sent.
    await dialog.getByTestId('export-columns-none').click();
    await dialog.getByTestId('export-dialog-submit').click();
    await dialog.getByTestId('export-no-columns').waitFor();
    await dialog.getByRole('checkbox', { name: /^Email/ }).check();
    await dialog.getByRole('checkbox', { name: /^Permission on this list/ }).check();
    await dialog.getByRole('checkbox', { name: /^First name/ }).check();
    // First name goes before Email, from the keyboard: its up button, pressed with Enter, twice over.
    const up = dialog.getByRole('button', { name: 'Move First name up' });
    for (let moves = 0; moves < 20; moves += 1) {
      if ((await columns.first().getAttribute('data-column')) === 'firstname') break;
      await up.focus();
      await page.keyboard.press('Enter');
    }
    expect(await columns.first().getAttribute('data-column')).toBe('firstname');
    await dialog.getByRole('radio', { name: /XLSX/ }).check();
    await dialog.getByTestId('export-dialog-submit').click();

    // The request lands on the Export page, where the job is followed to its download.
    await page.waitForURL(`${baseUrl}/${organizationId}/export`);
    await page.locator('[data-testid="export-job"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    const job = await herald.database.db
      .selectFrom('job')
      .select(['params', 'result'])
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'export')
      .executeTakeFirstOrThrow();
    expect(job.params).toMatchObject({
      type: 'listMembers',
      listId,
      fields: ['firstname', 'email', 'list_option'],
      format: 'xlsx',
    });
    expect(job.result).toMatchObject({ rows: 2 });
    await context.close();
  });

  it('waits for another administrator when two-person approval is on', async () => {
    const { organizationId, extractor } = await seeded('Approval Export Org', {
      security: { twoPersonExtractApproval: true },
    });
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const asker = await openPage(browser);
    await signIn(asker.page, baseUrl, extractor.email, extractor.password);
    await openExports(asker.page, organizationId);
    await asker.page.getByRole('button', { name: 'Request export' }).click();
    await asker.page.locator('[data-testid="job-state"][data-state="awaitingApproval"]').waitFor();
    expect(await asker.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const approver = await openPage(browser);
    await signIn(approver.page, baseUrl, admin.email, admin.password);
    await openExports(approver.page, organizationId);
    // The administrator can approve from the exports table or, as here, from the approval notification.
    await jobRow(approver.page).getByRole('button', { name: 'Approve' }).waitFor();
    await approver.page.getByTestId('notifications-bell').click();
    const notice = approver.page
      .getByTestId('notification')
      .filter({ hasText: 'is waiting for your approval' });
    await notice.getByTestId('export-approval-actions').getByRole('button', { name: 'Approve' }).click();
    await approver.page.getByText('Export approved').waitFor();

    // The asker sees it go through, live.
    await asker.page
      .locator('[data-testid="export-job"][data-status="succeeded"]')
      .waitFor({ timeout: 30_000 });
    await asker.context.close();
    await approver.context.close();
  });
});
