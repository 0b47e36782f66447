import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
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
    await browser?.close();
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
    return { organizationId, extractor };
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
