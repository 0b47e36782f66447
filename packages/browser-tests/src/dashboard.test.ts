import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

describe('dashboard, search, notifications and admin panel', () => {
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

  it('shows statistics and recent campaigns, finds a campaign from the header, and opens the notifications pane', async () => {
    const organizationId = await createOrganization(herald, 'Dashboard Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const [stored] = await writeRecordsAs(herald, admin, organizationId, 'campaign', [
      { name: 'Harvest Festival', startDate: '2026-09-01' },
      { name: 'Winter Clearance', startDate: '2026-01-15' },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Dashboard Org' }).waitFor();

    // Statistics as cards and charts, the default date range, recent campaigns newest first.
    await page.locator('[data-testid="dashboard-stat"][data-stat-key="totals.campaigns.total"]').waitFor();
    expect(await page.getByTestId('dashboard-date-from').inputValue()).toBe('2000-02-01');
    expect(await page.getByTestId('dashboard-date-to').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page
      .locator('[data-testid="dashboard-chart"][data-chart-key="activity.signInsPerDay"] svg')
      .first()
      .waitFor();
    await page.getByTestId('dashboard-recent-campaign').first().waitFor();
    expect(
      (await page.getByTestId('dashboard-recent-campaign').allTextContents()).map((text) =>
        text.slice(0, 16),
      ),
    ).toEqual(['Harvest Festival', 'Winter Clearance']);
    expect(await page.getByTestId('dashboard-capabilities').textContent()).toContain('Administration');

    // The header search: results after the debounce, arrows and Enter open the campaign.
    await page.getByTestId('search-input').fill('harvest');
    await page.getByTestId('search-result').filter({ hasText: 'Harvest Festival' }).waitFor();
    expect(await page.getByTestId('search-result').count()).toBe(1);
    await page.getByTestId('search-input').press('ArrowDown');
    await page.getByTestId('search-input').press('Enter');
    await page.waitForURL((url) => url.pathname === `/${organizationId}/campaign/${String(stored?.id)}`);

    // "See all results" opens the search page.
    await page.getByTestId('search-input').fill('winter');
    await page.getByTestId('search-result').filter({ hasText: 'Winter Clearance' }).waitFor();
    await page.getByTestId('search-see-all').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/search`);
    expect(new URL(page.url()).searchParams.get('q')).toBe('winter');
    await page.getByTestId('search-page-result').first().waitFor();
    expect(await page.getByTestId('search-page-result').textContent()).toContain('Winter Clearance');

    // The notifications pane with its filters.
    await page.getByTestId('notifications-bell').click();
    const pane = page.getByRole('dialog', { name: 'Notifications' });
    await pane.waitFor();
    await pane.locator('[data-testid="notification"], [data-testid="notifications-empty"]').first().waitFor();
    await pane.getByText('From me').click();
    await pane.getByLabel('Proofs').uncheck();
    expect(await pane.getByLabel('Proofs').isChecked()).toBe(false);
    expect(await pane.locator('[data-testid="notification"][data-kind="proofs"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('announces a new workflow notification for 8 s and lists it in the pane', async () => {
    const organizationId = await createOrganization(herald, 'Notified Org');
    const user = await createUser(herald, [{ organizationId, roles: ['Content.Approve'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, user.email, user.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Notified Org' }).waitFor();
    // The first look at the notifications announces nothing; let it happen before the new one is written.
    await page.getByTestId('notifications-bell').click();
    const pane = page.getByRole('dialog', { name: 'Notifications' });
    await pane.getByTestId('notifications-empty').waitFor();
    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'hidden' });

    await herald.database.db
      .insertInto('user_notification')
      .values({
        organization_id: organizationId,
        user_id: user.id,
        kind: 'approvals',
        actor_user_id: null,
        message_key: 'Approval requested for Spring Sale',
        message_values: '{}',
        record_type: null,
        record_id: null,
      })
      .execute();
    // Opening the pane asks again (as the 60 s poll would).
    await page.getByTestId('notifications-bell').click();
    await pane.getByTestId('notification').waitFor();
    expect(await pane.getByTestId('notification').getAttribute('data-kind')).toBe('approvals');
    const toast = page.getByTestId('workflow-notification');
    await toast.waitFor();
    expect(await toast.textContent()).toBe('Approval requested for Spring Sale');
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(6_000);
    await context.close();
  });

  it('opens the admin panel for administrators and sends others to the dashboard', async () => {
    const organizationId = await createOrganization(herald, 'Admin Panel Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);

    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/admin-panel`);
    await page.getByRole('heading', { name: 'Admin panel' }).waitFor();
    expect(await page.getByTestId('admin-panel-name').textContent()).toBe('Admin Panel Org');
    await expect.poll(() => page.getByTestId('admin-panel-outbox-count').textContent()).toMatch(/^\d+$/);
    await page.getByTestId('admin-panel-users').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/users`);
    await context.close();

    const other = await openPage(browser);
    await signIn(other.page, baseUrl, editor.email, editor.password);
    await other.page.goto(`${baseUrl}/${organizationId}/admin-panel`);
    await other.page.waitForURL((url) => url.pathname === `/${organizationId}/dashboard`);
    await other.context.close();
  });
});
