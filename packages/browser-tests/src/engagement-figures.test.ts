import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeploymentRun, recordEngagement, recordSend } from '@herald/server/testing';
import { axeViolations, describeViolations, FAILING_IMPACTS } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

/**
 * The marketer's figures. One e-mail went to four subscribers yesterday: one opened it twice and
 * clicked, a privacy proxy opened another's, the third unsubscribed and the fourth bounced. The dashboard, the
 * list report (all four) and the audience report (the first two) show it, export it as CSV, and pass axe.
 */
describe('engagement figures', () => {
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

  async function seed(organizationId: number, admin: { email: string; password: string }) {
    const db = herald.database.db;
    const campaign = await sql<{ id: number }>`INSERT INTO campaign (organization_id, name, start_date)
      VALUES (${organizationId}, 'Spring', '2026-01-01') RETURNING id`.execute(db);
    const activity = await sql<{ id: number }>`INSERT INTO activity (organization_id, campaign_id, type, name,
        partition_ids, status)
      VALUES (${organizationId}, ${campaign.rows[0]!.id}, 'email', 'Spring newsletter', '{}', 'deployed')
      RETURNING id`.execute(db);
    const activityId = activity.rows[0]!.id;
    const subscribers = await sql<{
      id: number;
    }>`INSERT INTO subscriber (organization_id, email, custom, extra,
        scores, partition_ids)
      SELECT ${organizationId}, 'reader' || n || '@example.com', '{}', '{}', '{}', '{}' FROM generate_series(1, 4) AS n
      RETURNING id`.execute(db);
    const [first, second, third, fourth] = subscribers.rows.map((row) => row.id) as [
      number,
      number,
      number,
      number,
    ];
    const list = await sql<{ id: number }>`INSERT INTO subscriber_list (organization_id, name, partition_ids)
      VALUES (${organizationId}, 'Regulars', '{}') RETURNING id`.execute(db);
    const listId = list.rows[0]!.id;
    for (const id of [first, second, third, fourth]) {
      await sql`INSERT INTO list_membership (organization_id, list_id, subscriber_id, list_option, source_name)
        VALUES (${organizationId}, ${listId}, ${id}, 'optin', 'test')`.execute(db);
    }
    // A target as the audience builder stores it, borrowed from one written the app's way; the members are
    // set here, so no generation may change them.
    const [shaped] = await writeRecordsAs(herald, admin, organizationId, 'audience', [
      { name: 'Shape', target: 'country = "AU"' },
    ]);
    const audience = await sql<{
      id: number;
    }>`INSERT INTO audience (organization_id, name, target, status, size,
        generated_at)
      SELECT ${organizationId}, 'Openers', target, 'ready', 2, now() FROM audience WHERE id = ${Number(shaped?.id)}
      RETURNING id`.execute(db);
    const audienceId = audience.rows[0]!.id;
    for (const id of [first, second]) {
      await sql`INSERT INTO audience_member (audience_id, subscriber_id, organization_id)
        VALUES (${audienceId}, ${id}, ${organizationId})`.execute(db);
    }

    const run = await addDeploymentRun(herald, organizationId, activityId);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const at = (time: string) => `${day}T${time}Z`;
    const [a, b, c, d] = [
      await recordSend(herald, run, first, at('10:00:00')),
      await recordSend(herald, run, second, at('10:00:00')),
      await recordSend(herald, run, third, at('10:00:00')),
      await recordSend(herald, run, fourth, at('10:00:00')),
    ];
    await recordEngagement(herald, run, first, a, 'opened', at('11:00:00'), { machine: false });
    await recordEngagement(herald, run, first, a, 'opened', at('12:00:00'), { machine: false });
    await recordEngagement(herald, run, first, a, 'clicked', at('12:01:00'), {
      url: 'https://x.test',
      linkIndex: 0,
    });
    await recordEngagement(herald, run, second, b, 'opened', at('10:00:05'), { machine: true });
    await recordEngagement(herald, run, third, c, 'unsubscribed', at('13:00:00'), { scope: 'global' });
    await recordEngagement(herald, run, fourth, d, 'bounced', at('10:00:10'), { type: 'hard' });
    return { activityId, listId, audienceId };
  }

  const figure = (page: Page, section: string, name: string) =>
    page.getByTestId(section).getByTestId(`engagement-figure-${name}`);
  const exact = async (page: Page, section: string, name: string) =>
    figure(page, section, name).getByTestId('engagement-figure-value').getAttribute('data-exact');

  async function expectAccessible(page: Page, screen: string) {
    const violations = (await axeViolations(page, screen)).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(violations, describeViolations(violations)).toEqual([]);
  }

  async function exported(page: Page, button: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
    expect(await download.failure()).toBeNull();
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  it('shows sends, opens, clicks and unsubscribes on the dashboard and the list and audience reports, and exports them', async () => {
    const organizationId = await createOrganization(herald, 'Engagement Org');
    const quietId = await createOrganization(herald, 'Quiet Org');
    const admin = await createUser(herald, [
      { organizationId, roles: ['System.Admin'] },
      { organizationId: quietId, roles: ['System.Admin'] },
    ]);
    const { activityId, listId, audienceId } = await seed(organizationId, admin);
    const { page } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);

    // The dashboard: four sent, one unique open of four (25%), the machine open apart, the series charted.
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await figure(page, 'dashboard-engagement', 'sent').waitFor();
    expect(await exact(page, 'dashboard-engagement', 'sent')).toBe('4');
    expect(await exact(page, 'dashboard-engagement', 'opens')).toBe('2');
    expect(await exact(page, 'dashboard-engagement', 'clicks')).toBe('1');
    expect(await exact(page, 'dashboard-engagement', 'unsubscribes')).toBe('1');
    expect(await figure(page, 'dashboard-engagement', 'opens').textContent()).toContain('25.0% of sent');
    expect(await page.getByTestId('dashboard-engagement-more').textContent()).toContain(
      'Opens by mail privacy proxies (1) are not counted as opens.',
    );
    const chart = page.getByTestId('dashboard-engagement-chart');
    expect(await chart.getAttribute('data-measure')).toBe('sent');
    await page.getByTestId('dashboard-engagement-chart-measure').getByText('Opens').click();
    await expect.poll(() => chart.getAttribute('data-measure')).toBe('opens');
    await expectAccessible(page, 'dashboard with engagement');
    const dashboardCsv = await exported(page, 'dashboard-export-csv');
    expect(dashboardCsv.name).toMatch(/^dashboard-engagement-org-2000-02-01-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(dashboardCsv.text).toContain('Dashboard,Engagement Org');
    expect(dashboardCsv.text).toContain('Unique opens,1,25.0%');
    expect(dashboardCsv.text).toContain('Machine opens,1,');
    expect(dashboardCsv.text).toMatch(/\d{4}-\d{2}-\d{2},4,2,1,1/);

    // The list report: its four members, the activity that reached them with its rates, linked.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/report/${listId}`);
    await figure(page, 'list-engagement', 'sent').waitFor();
    expect(await exact(page, 'list-engagement', 'sent')).toBe('4');
    expect(await exact(page, 'list-engagement', 'bounced')).toBe('1');
    expect(await exact(page, 'list-engagement', 'unsubscribes')).toBe('1');
    expect(await page.getByTestId('list-engagement-range').textContent()).toContain('Last 30 days');
    const row = page.getByTestId('list-engagement').getByTestId('engagement-activity');
    expect(await row.getAttribute('data-activity-id')).toBe(String(activityId));
    expect(await row.getByTestId('engagement-activity-open-rate').textContent()).toBe('25.0%');
    expect(await row.getByTestId('engagement-activity-click-rate').textContent()).toBe('25.0%');
    expect(await row.getByRole('link', { name: 'Spring newsletter' }).getAttribute('href')).toBe(
      `/${organizationId}/activity/view/${activityId}`,
    );
    await expectAccessible(page, 'list report with engagement');
    const listCsv = await exported(page, 'list-engagement-export');
    expect(listCsv.text).toContain('List report,Regulars');
    expect(listCsv.text).toContain('Spring newsletter,E-mail,4,1,25.0%,1,25.0%');
    expect(listCsv.text).toContain('Bounces,1,25.0%');

    // The audience report: its two members.
    await page.goto(`${baseUrl}/${organizationId}/audiences/report/${audienceId}`);
    await figure(page, 'audience-engagement', 'sent').waitFor();
    expect(await exact(page, 'audience-engagement', 'sent')).toBe('2');
    expect(await exact(page, 'audience-engagement', 'opens')).toBe('2');
    expect(await exact(page, 'audience-engagement', 'unsubscribes')).toBe('0');
    await expectAccessible(page, 'audience report with engagement');
    const audienceCsv = await exported(page, 'audience-engagement-export');
    expect(audienceCsv.text).toContain('Audience report,Openers');
    expect(audienceCsv.text).toContain('Unique opens,1,50.0%');

    // An organization that has sent nothing says so.
    await page.goto(`${baseUrl}/${quietId}/dashboard`);
    expect(await page.getByTestId('dashboard-engagement-empty').textContent()).toBe(
      'No messages sent in this range',
    );
  });
});
