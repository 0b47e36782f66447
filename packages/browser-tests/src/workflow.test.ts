import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };

/**
 * The workflow panel of the activity page (issue 15): an editor and an approver, each in their own browser
 * context; the editor runs the checks and asks for approval, the approver approves, and the editor sees each
 * step live without reloading.
 */
describe('activity workflow', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let editor: User;
  let approver: User;
  let activityId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Workflow Bakery');
    editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    approver = await createUser(herald, [{ organizationId, roles: ['Content.Approve'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Bread week', startDate: '2026-03-01' },
    ]);
    // Content the real checks pass: a list to send to, with someone on it, and an unsubscribe link.
    const db = herald.database.db;
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Bakers', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscriber = await db
      .insertInto('subscriber')
      .values({ organization_id: organizationId, email: 'crumb@bakery.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('list_membership')
      .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
      .execute();
    const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      {
        campaignId: Number(campaign?.id),
        type: 'email',
        name: 'Sourdough Friday',
        target: `list ${list.id}`,
      },
    ]);
    activityId = Number(activity?.id);
    await commandAs(herald, editor, organizationId, 'saveActivityRevision', {
      activityId,
      content: {
        schemaVersion: 3,
        channels: {
          email: {
            subject: 'Sourdough',
            html: '<p>Fresh</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
          },
        },
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await herald?.stop();
  });

  async function pageOf(user: User) {
    const opened = await openPage(browser);
    await signIn(opened.page, baseUrl, user.email, user.password);
    await opened.page.goto(`${baseUrl}/${organizationId}/activity/view/${activityId}`);
    await opened.page.getByTestId('workflow-panel').waitFor();
    return opened;
  }

  it('checks, requests approval and approves, each step live for the editor', async () => {
    const editing = await pageOf(editor);
    const approving = await pageOf(approver);
    const status = (opened: typeof editing) =>
      opened.page.getByTestId('workflow-panel').getByTestId('activity-status').getAttribute('data-status');

    await editing.page.getByTestId('workflow-check').click();
    await expect.poll(() => status(editing), { timeout: 15_000 }).toBe('checked');
    await editing.page.getByTestId('workflow-open').click();
    await expect.poll(() => status(editing), { timeout: 15_000 }).toBe('approvalRequested');
    // The editor may not approve; the approver sees the request arrive and approves.
    expect(await editing.page.getByTestId('workflow-approve').count()).toBe(0);
    await approving.page.getByTestId('workflow-approve').waitFor({ timeout: 15_000 });
    await approving.page.getByTestId('workflow-comment').fill('Lovely loaf');
    await approving.page.getByTestId('workflow-comment-send').click();
    await approving.page.getByTestId('workflow-approve').click();

    await expect.poll(() => status(editing), { timeout: 15_000 }).toBe('approved');
    const log = editing.page.getByTestId('workflow-log');
    await expect
      .poll(() => log.locator('tr[data-action="comment"]').textContent(), { timeout: 15_000 })
      .toContain('Lovely loaf');
    // The approval's own log entry arrives by its own push, possibly after the comment's.
    await expect.poll(() => log.locator('tr[data-action="approve"]').count(), { timeout: 15_000 }).toBe(1);
    await editing.context.close();
    await approving.context.close();
  });
});
