import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };

/**
 * The campaign page shows each activity's workflow status live: while someone else checks,
 * approves and schedules an activity in their own session, the open page follows without a reload, with a
 * spinner while checks run and the time a scheduled deployment starts.
 */
describe('the campaign page’s live activity status', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let campaignId: number;
  let activityId: number;
  let editor: User;
  let approver: User;
  let deployer: User;
  let watcher: User;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Live Bakery');
    editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    approver = await createUser(herald, [{ organizationId, roles: ['Content.Approve'] }]);
    deployer = await createUser(herald, [{ organizationId, roles: ['Content.Deploy'] }]);
    watcher = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Bread week', startDate: '2026-03-01' },
    ]);
    campaignId = Number(campaign?.id);
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
      { campaignId, type: 'email', name: 'Sourdough Friday', target: `list ${list.id}` },
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
    await releaseBrowser(browser);
    await herald?.stop();
  });

  const workflow = (user: User, action: string, params: Record<string, unknown> = {}) =>
    commandAs<{ activity: { status: string } }>(herald, user, organizationId, 'workflow', {
      activityId,
      action,
      ...params,
    });

  /** Puts the activity in `checking` as a running check would and pushes it (a real run is over too soon). */
  async function showChecking(): Promise<void> {
    await sql`UPDATE activity SET status = 'checking', version = version + 1, updated_at = now()
      WHERE id = ${activityId}`.execute(herald.database.db);
    const { records } = await commandAs<{ records: Array<Record<string, unknown>> }>(
      herald,
      editor,
      organizationId,
      'query',
      { query: { type: 'activity', filter: { id: activityId } }, limit: 1 },
    );
    await herald.services.recordChanges.announce({
      organizationId,
      type: 'activity',
      records: records as never,
    });
  }

  it('follows a check, an approval and a schedule made elsewhere, without a reload', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, watcher.email, watcher.password);
    await page.goto(`${baseUrl}/${organizationId}/campaign/${campaignId}`);
    const row = page.locator(`[data-testid="activity-row"][data-activity-id="${activityId}"]`);
    const status = () => row.getByTestId('activity-status').getAttribute('data-status');
    await expect.poll(status, { timeout: 15_000 }).toBe('draft');

    expect((await workflow(editor, 'check')).activity.status).toBe('checked');
    await expect.poll(status, { timeout: 15_000 }).toBe('checked');

    await showChecking();
    await expect.poll(status, { timeout: 15_000 }).toBe('checking');
    await row.getByTestId('activity-checking').waitFor({ timeout: 15_000 });
    const violations = (await axeViolations(page, 'campaign page, checking')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(violations, describeViolations(violations)).toEqual([]);
    await workflow(editor, 'cancelCheck');
    await expect.poll(status, { timeout: 15_000 }).toBe('draft');
    expect(await row.getByTestId('activity-checking').count()).toBe(0);

    await workflow(editor, 'check');
    await workflow(editor, 'open');
    await expect.poll(status, { timeout: 15_000 }).toBe('approvalRequested');
    await workflow(approver, 'approve', { comment: 'Lovely loaf' });
    await expect.poll(status, { timeout: 15_000 }).toBe('approved');
    const at = '2031-01-03T09:30:00.000Z';
    expect((await workflow(deployer, 'queueSchedule', { at })).activity.status).toBe('scheduled');
    await expect.poll(status, { timeout: 15_000 }).toBe('scheduled');
    // The time the deployment's job runs, which the log's queueing entry gives, not the activity's (empty) date.
    await expect
      .poll(() => row.getByTestId('activity-scheduled-at').getAttribute('data-at'), { timeout: 15_000 })
      .toBe(at);
    expect(await row.getByTestId('activity-scheduled-at').textContent()).toContain('2031');
    await context.close();
  });
});
