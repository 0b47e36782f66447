import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

const SLOW = { timeout: 15_000 };

/**
 * A deployed e-mail's report, seeded straight into the delivery ledger and the subscribers'
 * histories as the engine and the tracking routes write them: figures, the chart's metric, the links with
 * their click map, the variations, the partitions, the CSV export, and no serious accessibility violation.
 */
describe('activity report', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let activityId: number;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Report Bakery');
    admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const db = herald.database.db;
    const partition = await db
      .insertInto('partition')
      .values({ organization_id: organizationId, name: 'North', custom_fields: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const campaign = await db
      .insertInto('campaign')
      .values({
        organization_id: organizationId,
        name: 'Winter',
        start_date: '2026-01-01',
        partition_ids: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const activity = await sql<{ id: number }>`INSERT INTO activity
        (organization_id, campaign_id, type, name, partition_ids, status)
      VALUES (${organizationId}, ${campaign.id}, 'email', 'Winter sale', '{}', 'deployed') RETURNING id`.execute(
      db,
    );
    activityId = activity.rows[0]!.id;
    const content = {
      schemaVersion: 3,
      channels: {
        email: {
          subject: 'Winter sale',
          html: '<p>Hello</p><p><a href="https://example.com/sale">See the sale</a></p>',
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
    const start = new Date(Date.now() - 2 * 3_600_000);
    const run = await sql<{ id: string }>`INSERT INTO deployment_run
        (organization_id, activity_id, revision_id, channel, status, recipients, sent, started_at)
      VALUES (${organizationId}, ${activityId}, ${revisionId}, 'email', 'finished', 3, 3, ${start}) RETURNING id`.execute(
      db,
    );
    const runId = Number(run.rows[0]!.id);
    await sql`INSERT INTO tracked_link (run_id, idx, url) VALUES (${runId}, 0, 'https://example.com/sale')`.execute(
      db,
    );
    for (const [index, partitionIds] of [[partition.id], [partition.id], []].entries()) {
      const subscriber = await db
        .insertInto('subscriber')
        .values({
          organization_id: organizationId,
          email: `r${index}@report.test`,
          partition_ids: partitionIds,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const delivery = await sql<{ id: string }>`INSERT INTO delivery
          (organization_id, run_id, activity_id, subscriber_id, channel, status, sent_at)
        VALUES (${organizationId}, ${runId}, ${activityId}, ${subscriber.id}, 'email', 'sent', ${start})
        RETURNING id`.execute(db);
      const deliveryId = delivery.rows[0]!.id;
      const events: Array<[string, Record<string, unknown>]> =
        index === 2
          ? []
          : [
              ['opened', { deliveryId, machine: false }],
              ['clicked', { deliveryId, url: 'https://example.com/sale', linkIndex: 0 }],
            ];
      for (const [kind, details] of events)
        await sql`INSERT INTO subscriber_event (organization_id, subscriber_id, kind, occurred_at, activity_id, details)
          VALUES (${organizationId}, ${subscriber.id}, ${kind}, ${new Date(start.getTime() + 600_000)}, ${activityId},
            ${JSON.stringify(details)}::jsonb)`.execute(db);
    }
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('shows the figures, switches the chart, exports CSV, and passes axe', async () => {
    const { page, context } = await openPage(browser, { acceptDownloads: true });
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/view/${activityId}`);
    await page.getByTestId('activity-page-emailreport').click(SLOW);
    await page.getByTestId('activity-report-page').waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/activity/emailreport/${activityId}`);
    await expect.poll(() => page.getByTestId('report-figure-sent').textContent(), SLOW).toBe('3');
    expect(await page.getByTestId('report-figure-uniqueOpens').textContent()).toBe('2');
    expect(await page.getByTestId('report-figure-clicks').textContent()).toBe('2');

    const chart = page.getByTestId('report-chart');
    expect(await chart.getAttribute('data-metric')).toBe('sent');
    await page.getByTestId('report-chart-metric').getByText('Clicks', { exact: true }).click();
    await expect.poll(() => chart.getAttribute('data-metric')).toBe('clicks');

    expect(await page.getByTestId('report-link-clicks').first().textContent()).toBe('2');
    const map = page.frameLocator('[data-testid="report-click-map"]');
    await expect.poll(() => map.locator('[data-click-badge="1"]').textContent(), SLOW).toContain('2');
    await page.getByTestId('report-partitions').getByText('North').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`activity-${activityId}-report.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('Sent,3\r\n');
    expect(text).toContain('https://example.com/sale,2,2');
    expect(text).toContain('Head office,1,0,0,0,0');

    await waitForSettledScreen(page);
    const failing = (await axeViolations(page, 'activity report')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(failing, describeViolations(failing)).toEqual([]);

    // Another channel's report address goes to the activity's own.
    await page.goto(`${baseUrl}/${organizationId}/activity/smsreport/${activityId}`);
    await page.waitForURL(`**/activity/emailreport/${activityId}`, SLOW);
    await context.close();
  });
});
