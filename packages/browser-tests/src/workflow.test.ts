import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };

/** Content the real checks pass: an unsubscribe link, a subject. */
const passingContent = (subject: string) => ({
  schemaVersion: 3,
  channels: {
    email: {
      subject,
      html: '<p>Fresh</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
    },
  },
});

/** The serious and critical axe violations on the page as it is now. */
async function failingViolations(page: Page, screen: string): Promise<string> {
  await waitForSettledScreen(page);
  const found = await axeViolations(page, screen);
  return describeViolations(found.filter((violation) => FAILING_IMPACTS.has(violation.impact)));
}

/**
 * The whole workflow round in the browser: an editor, an approver who also deploys, and an administrator,
 * each in their own browser context. The editor runs the checks in the check panel, sends a proof (it reaches
 * the outbox), opens the proof matrix and asks for approval; the approver approves and schedules; the editor
 * sees each step live without reloading. An administrator overrides a targeting rule with a reason. axe checks
 * the check panel and each dialog.
 */
describe('activity workflow', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let editor: User;
  let approver: User;
  let admin: User;
  let activityId: number;
  let outsideActivityId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Workflow Bakery');
    [editor, approver, admin] = await Promise.all([
      createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]),
      createUser(herald, [{ organizationId, roles: ['Content.Approve', 'Content.Deploy'] }]),
      createUser(herald, [{ organizationId, roles: ['System.Admin'] }]),
    ]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Bread week', startDate: '2026-03-01' },
    ]);
    // Two lists: the bakers, whom the targeting rule allows, and a pastry list reaching someone outside it.
    const db = herald.database.db;
    const listOf = async (name: string, email: string) => {
      const list = await db
        .insertInto('subscriber_list')
        .values({ organization_id: organizationId, name, partition_ids: [] })
        .returning('id')
        .executeTakeFirstOrThrow();
      const subscriber = await db
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('list_membership')
        .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
        .execute();
      return list.id;
    };
    const bakers = await listOf('Bakers', 'crumb@bakery.test');
    const pastry = await listOf('Pastry', 'flake@bakery.test');
    await writeRecordsAs(herald, admin, organizationId, 'targetingRule', [
      { type: 'email', isEnabled: true, target: `list ${bakers}` },
    ]);
    const [activity, outside] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      {
        campaignId: Number(campaign?.id),
        type: 'email',
        name: 'Sourdough Friday',
        target: `list ${bakers}`,
        // Ahead, so the schedule dialog offers it as the time.
        date: '2031-05-02T07:30:00.000Z',
      },
      { campaignId: Number(campaign?.id), type: 'email', name: 'Croissant club', target: `list ${pastry}` },
    ]);
    activityId = Number(activity?.id);
    outsideActivityId = Number(outside?.id);
    for (const [id, subject] of [
      [activityId, 'Sourdough'],
      [outsideActivityId, 'Croissants'],
    ] as const)
      await commandAs(herald, editor, organizationId, 'saveActivityRevision', {
        activityId: id,
        content: passingContent(subject),
      });
    // The activity outside the rule waits for approval.
    for (const action of ['check', 'open'])
      await commandAs(herald, editor, organizationId, 'workflow', { activityId: outsideActivityId, action });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  async function pageOf(user: User, id = activityId) {
    const opened = await openPage(browser);
    await signIn(opened.page, baseUrl, user.email, user.password);
    await opened.page.goto(`${baseUrl}/${organizationId}/activity/view/${id}`);
    await opened.page.getByTestId('workflow-panel').waitFor();
    return opened;
  }
  const status = (page: Page) =>
    page.getByTestId('workflow-panel').getByTestId('activity-status').getAttribute('data-status');

  it('checks, proofs, requests approval, approves and schedules, each step live for the editor', async () => {
    const [editing, approving] = await Promise.all([pageOf(editor), pageOf(approver)]);
    const page = editing.page;
    const checks = page.getByTestId('check-panel');
    await expect.poll(() => checks.getByTestId('check-empty').count(), { timeout: 15_000 }).toBe(1);

    // Checks: the results of every check, each with its outcome.
    await checks.getByTestId('check-run').click();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('checked');
    const results = checks.getByTestId('check-results');
    await expect.poll(() => results.locator('tbody tr').count(), { timeout: 15_000 }).toBe(10);
    expect(await results.getByTestId('check-result-destination').getAttribute('data-check-status')).toBe(
      'pass',
    );
    expect(await results.getByTestId('check-result-from').getAttribute('data-check-status')).toBe('warn');
    expect(await checks.getByTestId('check-run-outcome').getAttribute('data-check-status')).toBe('warn');
    // The approver's page reads the same run from the workflow log, pushed live.
    await expect
      .poll(() => approving.page.getByTestId('check-results').locator('tbody tr').count(), {
        timeout: 15_000,
      })
      .toBe(10);
    expect(await failingViolations(page, 'check panel')).toBe('');

    // A proof to an address, which reaches the outbox.
    await checks.getByTestId('proof-open').click();
    const proofDialog = page.getByTestId('send-proof-dialog');
    await proofDialog.waitFor();
    await proofDialog.getByTestId('proof-emails').fill('proofs@bakery.test');
    await proofDialog.getByTestId('proof-emails').press('Enter');
    expect(await failingViolations(page, 'send proof dialog')).toBe('');
    await proofDialog.getByTestId('proof-send').click();
    const sent = page.getByTestId('proof-sent-list');
    await sent.waitFor({ timeout: 15_000 });
    expect(await sent.textContent()).toContain('proofs@bakery.test');
    const outbox = await herald.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', 'proofs@bakery.test')
      .execute();
    expect(outbox.map((mail) => mail.subject)).toEqual(['[Proof] Sourdough']);
    await page.getByTestId('proof-done').click();

    // The proof matrix: one version, as the sample recipient, in a sandboxed frame under its subject.
    await checks.getByTestId('proof-matrix-open').click();
    const cells = page.getByTestId('proof-matrix').getByTestId('proof-matrix-cell');
    await expect.poll(() => cells.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await cells.first().getByTestId('proof-matrix-subject').textContent()).toBe('Sourdough');
    expect(await cells.first().locator('iframe').getAttribute('sandbox')).toBe('');
    expect(await failingViolations(page, 'proof matrix')).toBe('');
    await page.keyboard.press('Escape');
    await page.getByTestId('proof-matrix').waitFor({ state: 'detached' });

    // Participants: someone outside the organization is refused in the catalogue's words; the approver joins.
    const participants = page.getByTestId('workflow-participants');
    await participants.getByTestId('workflow-participant-email').fill('stranger@elsewhere.test');
    await participants.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => page.getByTestId('workflow-error').textContent(), { timeout: 15_000 })
      .toContain('Unable to find a Participant role in this org.');
    await participants.getByTestId('workflow-participant-email').fill(approver.email);
    await participants.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => participants.getByTestId('workflow-participant').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining(approver.email)]);

    // Approval, asked by the editor, given by the approver; the editor sees it live.
    await page.getByTestId('workflow-open').click();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('approvalRequested');
    expect(await page.getByTestId('workflow-approve').count()).toBe(0);
    await approving.page.getByTestId('workflow-approve').waitFor({ timeout: 15_000 });
    await approving.page.getByTestId('workflow-comment').fill('Lovely loaf');
    await approving.page.getByTestId('workflow-comment-send').click();
    await approving.page.getByTestId('workflow-approve').click();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('approved');

    // The approver, who also deploys, schedules it at the activity's date.
    await approving.page.getByTestId('workflow-queueSchedule').click();
    const schedule = approving.page.getByTestId('schedule-dialog');
    await schedule.waitFor();
    expect(await schedule.getByTestId('schedule-at').getAttribute('data-value')).toMatch(/^2031-05-0\dT/);
    expect(await failingViolations(approving.page, 'schedule dialog')).toBe('');
    await schedule.getByTestId('schedule-confirm').click();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('scheduled');

    const log = page.getByTestId('workflow-log');
    await expect
      .poll(() => log.locator('tr[data-action="comment"]').textContent(), { timeout: 15_000 })
      .toContain('Lovely loaf');
    // Each log entry arrives by its own push, in any order.
    for (const action of [
      'checkFinished',
      'proof',
      'generateProofMatrix',
      'addParticipant',
      'approve',
      'queueSchedule',
    ])
      await expect
        .poll(() => log.locator(`tr[data-action="${action}"]`).count(), { timeout: 15_000 })
        .toBe(1);

    // Narrowed to comments, the log holds the approver's comment alone.
    await page.getByTestId('workflow-log-filter').selectOption('comments');
    await expect
      .poll(
        () =>
          log.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action'))),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['comment']);

    // The editor's own screen has the check panel too, with the run read back from the log.
    await page.goto(`${baseUrl}/${organizationId}/activity/editor/${activityId}`);
    await page.getByTestId('editor-checks-toggle').click();
    await expect
      .poll(() => page.getByTestId('check-results').locator('tbody tr').count(), { timeout: 15_000 })
      .toBe(10);
    await editing.context.close();
    await approving.context.close();
  });

  it('lets an administrator override a targeting rule with a reason', async () => {
    const administering = await pageOf(admin, outsideActivityId);
    const page = administering.page;
    await page.getByTestId('workflow-approve').click();
    const dialog = page.getByTestId('targeting-override-dialog');
    await page.getByTestId('targeting-override-block').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('targeting-override-block').textContent()).toContain('(1 of them)');
    expect(await failingViolations(page, 'targeting rule override')).toBe('');
    // The reason is required.
    await page.getByTestId('targeting-override-confirm').click();
    expect(await status(page)).toBe('approvalRequested');
    await page.getByTestId('targeting-override-reason').fill('Pastry lovers hear about bread week too');
    await page.getByTestId('targeting-override-confirm').click();
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('approved');
    await dialog.getByTestId('targeting-override-reason').waitFor({ state: 'detached' });
    const logged = await herald.database.db
      .selectFrom('workflow_event')
      .select('details')
      .where('activity_id', '=', outsideActivityId)
      .where('action', '=', 'approve')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({
      targetingRuleOverride: { reason: 'Pastry lovers hear about bread week too' },
    });
    await administering.context.close();
  });
});
