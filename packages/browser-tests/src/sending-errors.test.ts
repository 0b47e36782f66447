import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };

/**
 * `activity/viewerror/{id}`: the failed deliveries of a deployed activity, grouped with the
 * template line that failed and a sample recipient; a deployer sends them again after a confirm, a reader
 * only reads them.
 */
describe('the sending-errors page', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let activityId: number;
  let deployer: User;
  let reader: User;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Failing Florist');
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    deployer = await createUser(herald, [{ organizationId, roles: ['Content.Deploy'] }]);
    reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const [campaign] = await writeRecordsAs(herald, editor, organizationId, 'campaign', [
      { name: 'Tulip week', startDate: '2026-03-01' },
    ]);
    const [activity] = await writeRecordsAs(herald, editor, organizationId, 'activity', [
      { campaignId: Number(campaign?.id), type: 'email', name: 'Tulips are here' },
    ]);
    activityId = Number(activity?.id);
    const db = herald.database.db;
    const content = {
      schemaVersion: 3,
      channels: {
        email: { subject: 'Tulips', html: '<p>Hello</p>\n<p>{{ subscriber.firstName | shout }}</p>' },
      },
    };
    const revision = (
      await sql<{
        id: number;
      }>`INSERT INTO activity_revision (organization_id, activity_id, content, approval_status)
        VALUES (${organizationId}, ${activityId}, ${JSON.stringify(content)}::jsonb, 'approved') RETURNING id`.execute(
        db,
      )
    ).rows[0]!;
    await sql`UPDATE activity SET status = 'deployed', latest_revision_id = ${revision.id},
      deployed_revision_id = ${revision.id} WHERE id = ${activityId}`.execute(db);
    const run = (
      await sql<{
        id: string;
      }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id, channel,
          status, recipients, failed, finished_at)
        VALUES (${organizationId}, ${activityId}, ${revision.id}, 'email', 'finished', 3, 3, now()) RETURNING id`.execute(
        db,
      )
    ).rows[0]!;
    const failures = [
      {
        message: 'undefined filter: shout',
        stage: 'render',
        part: 'html',
        line: 2,
        tag: '{{ subscriber.firstName | shout }}',
        trace: 'Error: undefined filter: shout\n    at Liquid.render',
      },
      {
        message: 'undefined filter: shout',
        stage: 'render',
        part: 'html',
        line: 2,
        tag: '{{ subscriber.firstName | shout }}',
        trace: 'Error: undefined filter: shout\n    at Liquid.render',
      },
      { message: 'Mailbox unavailable', stage: 'send', code: '550' },
    ];
    for (const [index, error] of failures.entries()) {
      const subscriber = await db
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email: `petal${index}@florist.test` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`INSERT INTO delivery (organization_id, run_id, activity_id, subscriber_id, channel, status, attempts, error)
        VALUES (${organizationId}, ${run.id}, ${activityId}, ${subscriber.id}, 'email', 'failed', 1,
          ${JSON.stringify(error)}::jsonb)`.execute(db);
    }
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('shows failed sends grouped and lets a deployer retry them after a confirm', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, deployer.email, deployer.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/viewerror/${activityId}`);
    const groups = page.getByTestId('sending-error-group');
    await expect.poll(() => groups.count(), { timeout: 30_000 }).toBe(2);
    const first = groups.first();
    expect(await first.getByTestId('sending-error-count').textContent()).toContain('2');
    expect(await first.getByTestId('sending-error-message').textContent()).toBe('undefined filter: shout');
    expect(await first.getByTestId('sending-error-context').textContent()).toBe(
      '<p>{{ subscriber.firstName | shout }}</p>',
    );
    expect(await first.getByTestId('sending-error-sample').getAttribute('href')).toMatch(
      new RegExp(`^/${organizationId}/subscribers/\\d+$`),
    );
    await first.getByTestId('sending-error-trace-toggle').click();
    await first.getByTestId('sending-error-trace').waitFor();
    expect(await groups.nth(1).textContent()).toContain('550');

    await waitForSettledScreen(page);
    const violations = (await axeViolations(page, 'sending errors')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByTestId('retry-failed-sends').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The modal fades in: its colours are checked once it is fully shown.
    await waitForSettledScreen(page);
    const dialogViolations = (await axeViolations(page, 'retry confirm')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(dialogViolations, describeViolations(dialogViolations)).toEqual([]);
    // E-mail's quiet hours from an hour ago to two hours on: the retried deliveries wait in the queue, where
    // this server (which has no relay) would otherwise fail them anew before the page is looked at.
    const hour = (offset: number) =>
      `${String((new Date().getUTCHours() + 24 + offset) % 24).padStart(2, '0')}:00`;
    const quiet = { messaging: { rules: { quietHours: { email: { start: hour(-1), end: hour(2) } } } } };
    await sql`UPDATE organization SET settings = settings || ${JSON.stringify({ timeZone: 'UTC', ...quiet })}::jsonb
      WHERE id = ${organizationId}`.execute(herald.database.db);
    await page.getByTestId('retry-failed-sends-confirmed').click();
    await page.getByTestId('sending-errors-none').waitFor({ timeout: 30_000 });
    expect(await groups.count()).toBe(0);
    // The retry is logged; the run's workers take the three deliveries again once the quiet hours end.
    const retried = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM workflow_event
      WHERE activity_id = ${activityId} AND action = 'deliveriesRetried'`.execute(herald.database.db);
    expect(retried.rows[0]!.n).toBe(1);
    await context.close();
  });

  it('shows a reader the errors without the retry', async () => {
    await sql`UPDATE delivery SET status = 'failed', error = ${JSON.stringify({ message: 'Try later', stage: 'send' })}::jsonb
      WHERE activity_id = ${activityId}`.execute(herald.database.db);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/viewerror/${activityId}`);
    await expect.poll(() => page.getByTestId('sending-error-group').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('retry-failed-sends').count()).toBe(0);
    await context.close();
  });
});
