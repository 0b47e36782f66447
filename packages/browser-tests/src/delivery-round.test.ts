import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  SmtpPeer,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

const SLOW = { timeout: 20_000 };
const RECIPIENTS = ['ana@round.test', 'ben@round.test', 'cho@round.test'];

/**
 * The delivery round in the browser: an approved e-mail activity is deployed to a list from its page, each
 * subscriber's message arrives at a real SMTP relay, the deployment's progress and the activity's move to
 * deployed show live, a recipient's tracked link is followed (its redirect lands on the original address), and
 * the open report counts the click without a reload.
 */
describe('deploy, receive, click, report', () => {
  let herald: TestHerald;
  let browser: Browser;
  let relay: SmtpPeer;
  let baseUrl: string;
  let organizationId: number;
  let activityId: number;
  let deployer: { email: string; password: string };

  beforeAll(async () => {
    relay = await SmtpPeer.start();
    [herald, browser] = await Promise.all([startHeraldForBrowser({ smtpUrl: relay.url }), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Round Roastery');
    deployer = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const db = herald.database.db;
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Roast club' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, email] of RECIPIENTS.entries()) {
      const subscriber = await db
        .insertInto('subscriber')
        .values({ organization_id: organizationId, email, firstname: ['Ana', 'Ben', 'Cho'][index]! })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('list_membership')
        .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
        .execute();
    }
    const campaign = await db
      .insertInto('campaign')
      .values({
        organization_id: organizationId,
        name: 'Autumn',
        start_date: '2026-01-01',
        partition_ids: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const activity = await sql<{ id: number }>`INSERT INTO activity
        (organization_id, campaign_id, type, name, partition_ids, status, target, distribution)
      VALUES (${organizationId}, ${campaign.id}, 'email', 'Autumn roast', '{}', 'approved', ${`list ${list.id}`},
        '{"type":"broadcast"}') RETURNING id`.execute(db);
    activityId = activity.rows[0]!.id;
    const content = {
      schemaVersion: 3,
      channels: {
        email: {
          subject: 'Autumn roast for {{ subscriber.firstname }}',
          fromName: 'Round Roastery',
          fromAddress: 'hello@round.test',
          html: '<html><body><p>Hi {{ subscriber.firstname }}</p><p><a href="https://roastery.example/autumn">Order the autumn roast</a></p></body></html>',
        },
      },
    };
    const revision = await sql<{ id: number }>`INSERT INTO activity_revision
        (organization_id, activity_id, content, approval_status)
      VALUES (${organizationId}, ${activityId}, ${JSON.stringify(content)}::jsonb, 'approved') RETURNING id`.execute(
      db,
    );
    const revisionId = revision.rows[0]!.id;
    await sql`UPDATE activity SET latest_revision_id = ${revisionId} WHERE id = ${activityId}`.execute(db);
    await sql`INSERT INTO approval (organization_id, subject_kind, subject_id, decision)
      VALUES (${organizationId}, 'activityRevision', ${revisionId}, 'approved')`.execute(db);
    await sql`INSERT INTO workflow_event (organization_id, activity_id, action, from_status, to_status, details)
      VALUES (${organizationId}, ${activityId}, 'checkFinished', 'checking', 'checked',
        ${JSON.stringify({ revisionId, worst: 'pass', checks: [{ name: 'size', status: 'pass', message: 'Small.' }] })}::jsonb)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
    await relay?.stop();
  });

  it('deploys to the list, the relay receives each message, and a click shows in the live report', async () => {
    const { page } = await openPage(browser);
    await signIn(page, baseUrl, deployer.email, deployer.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/view/${activityId}`);
    await page.getByTestId('workflow-queueDeploy').click(SLOW);
    const confirm = page.getByRole('dialog').getByRole('button', { name: /deploy/i });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();

    for (const email of RECIPIENTS) await relay.waitForMessageTo(email, { timeoutMs: 20_000 });
    const message = relay.messagesTo('ben@round.test')[0]!;
    expect(message.subject).toBe('Autumn roast for Ben');
    await expect
      .poll(
        () =>
          page
            .getByTestId('activity-title')
            .locator('..')
            .getByText(/deployed/i)
            .count(),
        SLOW,
      )
      .toBeGreaterThan(0);

    // The report, before anyone clicks: three sent, no clicks.
    await page.getByTestId('activity-page-emailreport').click(SLOW);
    await page.getByTestId('activity-report-page').waitFor(SLOW);
    await expect.poll(() => page.getByTestId('report-figure-sent').textContent(), SLOW).toBe('3');
    expect(await page.getByTestId('report-figure-clicks').textContent()).toBe('0');
    await waitForSettledScreen(page);
    const violations = (await axeViolations(page, 'activity report after a deployment')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(describeViolations(violations)).toBe('');

    // Ben follows the link in his message, as his mail client would, without a session.
    const decoded = message.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const link = /href="(http[^"]+\/t\/c\/[\w-]+)"/.exec(decoded)?.[1];
    expect(link).toBeDefined();
    const answer = await fetch(link!, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://roastery.example/autumn');

    // The report counts it without a reload.
    await expect.poll(() => page.getByTestId('report-figure-clicks').textContent(), SLOW).toBe('1');
    expect(await page.getByTestId('report-figure-uniqueClicks').textContent()).toBe('1');
  });
});
