import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  enableIntegrations,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/**
 * The web channel: an administrator finds the site key, the identity secret (once) and the snippet
 * in Settings › Credentials; the organization's site, on another origin, shows a subscriber's message with the
 * script, reports the impression and dismisses it on close.
 */
describe('the web channel', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Tulip Shop');
    await enableIntegrations(herald, organizationId);
    admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('gives the keys and snippet in Settings, and the site shows, counts and dismisses a message', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/credentials`);
    const card = page.getByTestId('web-channel');
    const siteKey = await card.getByTestId('web-channel-site-key').inputValue();
    expect(siteKey).toMatch(/^hs_/);
    const first = (await card.getByTestId('web-channel-secret').locator('pre').textContent())!.trim();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await card.getByTestId('web-channel-snippet').textContent()).toContain(siteKey);
    await waitForSettledScreen(page);
    const violations = (await axeViolations(page, 'settings/credentials, web channel')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(violations, describeViolations(violations)).toEqual([]);
    await card.getByTestId('web-channel-regenerate').click();
    await page.getByTestId('web-channel-regenerate-confirmed').click();
    await expect
      .poll(async () => (await card.getByTestId('web-channel-secret').locator('pre').textContent())?.trim())
      .not.toBe(first);
    const secret = (await card.getByTestId('web-channel-secret').locator('pre').textContent())!.trim();

    // A message waiting for subscriber ref tulip-7, as the web transport leaves it.
    const db = herald.database.db;
    const campaign = await db
      .insertInto('campaign')
      .values({
        organization_id: organizationId,
        name: 'Spring',
        start_date: '2030-01-01',
        partition_ids: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const activity = await sql<{
      id: number;
    }>`INSERT INTO activity (organization_id, campaign_id, type, name, status)
      VALUES (${organizationId}, ${campaign.id}, 'web', 'Tulip banner', 'deploying') RETURNING id`.execute(
      db,
    );
    const activityId = activity.rows[0]!.id;
    const subscriber = await db
      .insertInto('subscriber')
      .values({ organization_id: organizationId, email: 'tulip@shop.test', ref: 'tulip-7' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await sql<{
      id: string;
    }>`INSERT INTO deployment_run (organization_id, activity_id, revision_id, channel,
        status) VALUES (${organizationId}, ${activityId}, 1, 'web', 'sending') RETURNING id`.execute(db);
    const delivery = await sql<{ id: string }>`INSERT INTO delivery (organization_id, run_id, activity_id,
        subscriber_id, channel, status) VALUES (${organizationId}, ${run.rows[0]!.id}, ${activityId}, ${subscriber.id},
        'web', 'sent') RETURNING id::text AS id`.execute(db);
    const deliveryId = delivery.rows[0]!.id;
    await sql`INSERT INTO web_message (organization_id, delivery_id, activity_id, subscriber_id, html)
      VALUES (${organizationId}, ${deliveryId}, ${activityId}, ${subscriber.id},
        '<p>Tulips are <strong>20% off</strong> this week.</p>')`.execute(db);

    const signature = createHmac('sha256', secret).update('tulip-7').digest('hex');
    // The organization's own site: another origin than Herald's, on loopback as the browser test's server is.
    const site: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html lang="en"><head><title>Tulip Shop</title></head><body>
        <main><h1>Tulip Shop</h1></main>
        <script src="${baseUrl}/w/herald.js"></script>
        <script>Herald.show({ siteKey: '${siteKey}', subscriber: 'tulip-7', signature: '${signature}' })
          .then(function (id) { document.body.setAttribute('data-shown', String(id)); });</script>
        </body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => site.close(() => resolve())));
    const SITE = `http://127.0.0.1:${(site.address() as AddressInfo).port}/shop.html`;
    await page.goto(SITE);
    const dialog = page.getByRole('dialog', { name: 'Message' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toContain('Tulips are 20% off this week.');
    const siteViolations = (await axeViolations(page, 'organization site with a web message')).filter(
      (violation) => FAILING_IMPACTS.has(violation.impact),
    );
    expect(siteViolations, describeViolations(siteViolations)).toEqual([]);
    const opened = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::integer AS n FROM subscriber_event
          WHERE subscriber_id = ${subscriber.id} AND kind = 'opened' AND details->>'web' = 'true'`.execute(db)
      ).rows[0]!.n;
    await expect.poll(opened, { timeout: 15_000 }).toBe(1);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const dismissed = async () =>
      (
        await sql<{ dismissed_at: Date | null }>`SELECT dismissed_at FROM web_message
          WHERE delivery_id = ${deliveryId}`.execute(db)
      ).rows[0]!.dismissed_at;
    await expect.poll(dismissed, { timeout: 15_000 }).not.toBeNull();

    // Shown again on the next page, the message is gone; the impression was counted once.
    await page.goto(SITE);
    await expect
      .poll(() => page.locator('body').getAttribute('data-shown'), { timeout: 15_000 })
      .toBe('null');
    expect(await opened()).toBe(1);
    await context.close();
  });
});
