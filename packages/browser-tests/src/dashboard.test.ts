import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';
import { sql } from 'kysely';

describe('dashboard, search, notifications and admin panel', () => {
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

  it('shows statistics and recent campaigns, finds a campaign from the header, and opens the notifications pane', async () => {
    const organizationId = await createOrganization(herald, 'Dashboard Org');
    const admin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const [stored] = await writeRecordsAs(herald, admin, organizationId, 'campaign', [
      { name: 'Harvest Festival', startDate: '2026-09-01' },
      { name: 'Winter Clearance', startDate: '2026-01-15' },
    ]);
    // 1,234 subscribers, 34 of them unsubscribed: enough for the cards to round (1.23K) and the hover to differ.
    await sql`INSERT INTO subscriber (organization_id, email, custom, extra, scores, partition_ids, is_unsubscribed, created_at)
      SELECT ${organizationId}, 'reader' || n || '@example.com', '{}', '{}', '{}', '{}', n <= 34,
        timestamp '2024-03-01' + n * interval '6 hours'
      FROM generate_series(1, 1234) AS n`.execute(herald.database.db);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to Dashboard Org' }).waitFor();

    // Subscribers lead: three significant figures on the cards, the exact figure on hover.
    const card = (key: string) =>
      page
        .locator(`[data-testid="dashboard-stat"][data-stat-key="${key}"]`)
        .getByTestId('dashboard-stat-value');
    await card('total').waitFor();
    expect(await card('total').textContent()).toBe('1.23K');
    expect(await card('contactable').textContent()).toBe('1.2K');
    expect(await card('unsubscribed').textContent()).toBe('34');
    expect(await card('new').getAttribute('data-exact')).toBe('1234');
    await card('total').hover();
    await page.getByRole('tooltip').filter({ hasText: '1,234' }).waitFor();

    // The range starts on 2000-02-01 and the charts show exactly it: a bar a year from 2000 to this year.
    const range = page.getByTestId('dashboard-range');
    await range.waitFor();
    expect(await range.textContent()).toContain('Feb 1, 2000');
    expect(await page.getByTestId('dashboard-range-shown').textContent()).toContain('Feb 1, 2000');
    // The pickers (and @mantine/dates) wait for "Custom range…".
    expect(await page.getByTestId('dashboard-date-from').count()).toBe(0);
    const added = page.locator('[data-testid="dashboard-chart"][data-chart-key="subscribers.added"]');
    const total = page.locator('[data-testid="dashboard-chart"][data-chart-key="subscribers.total"]');
    await added.locator('svg').waitFor();
    expect(await added.getAttribute('data-first-period')).toBe('2000');
    const thisYear = new Date().getUTCFullYear();
    expect(Number(await added.getAttribute('data-points'))).toBe(thisYear - 2000 + 1);
    await total.locator('svg').waitFor();
    // Whole-number ticks only.
    const tickTexts = () => added.locator('.herald-chart-y-tick').allTextContents();
    await expect.poll(async () => (await tickTexts()).length).toBeGreaterThan(1);
    const ticks = await tickTexts();
    expect(ticks.filter((tick) => /[.,]5$/.test(tick))).toEqual([]);

    // The keyboard reads the chart: focus shows the latest period's exact figure, the arrows move along.
    const totalTooltip = total.getByTestId('chart-tooltip');
    await total.locator('svg').focus();
    await expect.poll(() => totalTooltip.textContent()).toContain(String(thisYear));
    expect(await totalTooltip.textContent()).toContain('1,234');
    await page.keyboard.press('Home');
    await expect.poll(() => totalTooltip.textContent()).toBe('2000Subscribers0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => totalTooltip.textContent()).toContain('2001');
    await page.keyboard.press('Tab');
    await totalTooltip.waitFor({ state: 'detached' });

    // A shorter range, picked date by date: a bar a month, and the new subscribers counted within it (March
    // 2024: 123 of them). "Custom range…" brings the pickers, holding the range so far.
    await range.click();
    await page.getByRole('menuitemradio', { name: 'Custom range…' }).click();
    const from = page.getByTestId('dashboard-date-from');
    await from.waitFor();
    expect(await from.getAttribute('data-value')).toBe('2000-02-01');
    expect(await from.inputValue()).toBe('Feb 1, 2000');
    await from.fill('2024-03-01');
    await page.getByTestId('dashboard-date-to').fill('2024-03-31');
    await expect.poll(() => added.getAttribute('data-first-period')).toBe('2024-03');
    await expect.poll(() => card('new').getAttribute('data-exact')).toBe('123');
    // Pointing at a bar shows its period and exact count.
    await page.getByRole('heading', { level: 1 }).click();
    await added.locator('svg').hover();
    const addedTooltip = added.getByTestId('chart-tooltip');
    await expect.poll(() => addedTooltip.textContent()).toBe('Mar 2024New subscribers123');

    // A preset: the last twelve months, a bar a month from the first of the month eleven months back.
    await range.click();
    await page.getByRole('menuitemradio', { name: 'Last 12 months' }).click();
    const now = new Date();
    const twelveMonthsBack = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    await expect
      .poll(() => added.getAttribute('data-first-period'))
      .toBe(twelveMonthsBack.toISOString().slice(0, 7));
    expect(await added.getAttribute('data-points')).toBe('12');
    expect(await added.getByRole('heading').textContent()).toBe('New subscribers per month');
    expect(await page.getByTestId('dashboard-date-from').count()).toBe(0);

    // Imports and campaigns by status, and the messages' figures, none yet.
    expect(await page.getByTestId('dashboard-campaigns-total').getAttribute('data-exact')).toBe('2');
    expect(await page.getByTestId('dashboard-imports').textContent()).toContain('No imports yet.');
    expect(await page.getByTestId('dashboard-engagement-empty').textContent()).toBe(
      'No messages sent in this range',
    );
    // The administrative figures are on the admin panel, not here.
    expect(await page.locator('[data-stat-key="users"]').count()).toBe(0);

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
    // The administrative figures moved here from the dashboard.
    await page.locator('[data-testid="admin-panel-stat"][data-stat-key="users"]').waitFor();
    expect(
      await page
        .locator('[data-testid="admin-panel-stat"][data-stat-key="users"] [data-exact]')
        .getAttribute('data-exact'),
    ).toBe('2');
    // A few sign-ins a day: whole-number ticks only (no 0.5 for a count).
    const signIns = page.locator('[data-testid="admin-panel-chart"][data-chart-key="signInsPerDay"]');
    const signInTicks = () => signIns.locator('.recharts-yAxis-tick-labels text').allTextContents();
    await expect.poll(async () => (await signInTicks()).length).toBeGreaterThan(1);
    expect((await signInTicks()).filter((tick) => !/^\d+$/.test(tick))).toEqual([]);
    await page.getByTestId('admin-panel-users').click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/users`);
    await context.close();

    const other = await openPage(browser);
    await signIn(other.page, baseUrl, editor.email, editor.password);
    await other.page.goto(`${baseUrl}/${organizationId}/admin-panel`);
    await other.page.waitForURL((url) => url.pathname === `/${organizationId}/dashboard`);
    await other.context.close();
  });

  it('picks dates in Japanese: the date shown the Japanese way, weeks numbered, ISO kept', async () => {
    const organizationId = await createOrganization(herald, 'Japanese Org');
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { page, context } = await openPage(browser, { locale: 'ja' });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('メールアドレス').fill(reader.email);
    await page.getByRole('button', { name: '続行' }).click();
    await page.getByLabel('パスワード', { exact: true }).fill(reader.password);
    await page.getByRole('button', { name: 'サインイン' }).click();
    await page.getByRole('heading', { name: '組織を選択' }).waitFor();
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    const range = page.getByTestId('dashboard-range');
    await expect.poll(() => range.textContent()).toContain('2000/02/01');
    await range.click();
    await page.getByRole('menuitemradio', { name: '期間を指定…' }).click();
    const from = page.getByTestId('dashboard-date-from');
    await from.waitFor();
    await expect.poll(() => from.inputValue()).toBe('2000/02/01');
    expect(await from.getAttribute('data-value')).toBe('2000-02-01');

    // The calendar: Japanese month and weekdays, Monday first, week numbers.
    await from.click();
    const calendar = page.locator('[class*="calendarHeaderLevel"]').first();
    await calendar.waitFor();
    expect(await calendar.textContent()).toContain('2000');
    expect(await calendar.textContent()).toContain('2月');
    const weekdays = await page.locator('th[class*="weekday"]').allTextContents();
    // '#' heads the week numbers' column.
    expect(weekdays.slice(0, 3)).toEqual(['#', '月', '火']);
    expect(await page.locator('[class*="weekNumber"]').count()).toBeGreaterThan(3);
    // Picking the 15th keeps ISO on the wire and in the range.
    await page
      .locator('button[class*="day"]:not([data-outside])')
      .filter({ hasText: /^15$/ })
      .first()
      .click();
    await expect.poll(() => from.getAttribute('data-value')).toBe('2000-02-15');
    expect(await from.inputValue()).toBe('2000/02/15');
    expect(await page.getByTestId('dashboard-range-shown').textContent()).toContain('2000/02/15');
    await context.close();
  });
});
