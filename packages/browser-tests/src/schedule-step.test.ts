import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { commandAs, writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

type User = { email: string; password: string };

/** What axe finds on the page as it is that fails the check (serious or critical). */
async function failingViolations(page: Page, screen: string) {
  await waitForSettledScreen(page);
  const found = await axeViolations(page, screen);
  return found.filter((violation) => FAILING_IMPACTS.has(violation.impact));
}

/** Moves within the app, as a link would, so what the app holds in memory is what the next page shows. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('the schedule step', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;
  let organizationId: number;
  let admin: User;
  let campaignId: number;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
    organizationId = await createOrganization(herald, 'Tokyo Tea House');
    admin = await createUser(herald, [{ organizationId, roles: ['System.Admin', 'Content.Edit'] }]);
    const [campaign] = await writeRecordsAs(herald, admin, organizationId, 'campaign', [
      { name: 'Morning tea', startDate: '2030-01-01' },
    ]);
    campaignId = Number(campaign?.id);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it(
    'schedules a daily 09:00 on the organization’s Tokyo clock from a browser in New York',
    { timeout: 180_000 },
    async () => {
      const [activity] = await writeRecordsAs(herald, admin, organizationId, 'activity', [
        { campaignId, type: 'email', name: 'Daily tea note' },
      ]);
      const activityId = Number(activity?.id);
      // The person is in New York; the organization schedules in Tokyo.
      const { page, context } = await openPage(browser, { timezoneId: 'America/New_York' });
      await signIn(page, baseUrl, admin.email, admin.password);

      // An administrator sets the organization's time zone on the admin panel.
      await page.goto(`${baseUrl}/${organizationId}/admin-panel`);
      const card = page.getByTestId('time-zone-card');
      await card.waitFor();
      expect(await card.getByTestId('time-zone-select').inputValue()).toBe('UTC');
      await card.getByTestId('time-zone-select').click();
      await card.getByTestId('time-zone-select').fill('Tokyo');
      await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
      expect(await failingViolations(page, 'admin panel')).toEqual([]);
      await card.getByTestId('save-time-zone').click();
      await page.getByText('Time zone saved').waitFor();
      const stored = await herald.database.db
        .selectFrom('organization')
        .select('settings')
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow();
      expect(stored.settings).toMatchObject({ timeZone: 'Asia/Tokyo' });

      // Without a reload, the activity's schedule step names Tokyo: the app took in the saved settings.
      await navigateInApp(page, `/${organizationId}/activity/edit/${activityId}`);
      const step = page.getByTestId('schedule-step');
      await step.waitFor();
      await expect
        .poll(() => step.getByTestId('schedule-time-zone').textContent(), { timeout: 15_000 })
        .toBe('Asia/Tokyo (UTC+09:00)');

      // Scheduled, daily, from 15 January 2030 at 09:00, typed on the keyboard.
      await page.getByRole('radio', { name: 'Scheduled' }).check();
      expect(await page.getByTestId('activity-interval').inputValue()).toBe('Daily');
      await step.getByTestId('schedule-date').fill('2030-01-15');
      await step.getByTestId('schedule-date').press('Enter');
      await step.getByLabel('Hours').click();
      await page.keyboard.type('0900');
      await step.getByTestId('schedule-date').click();
      await page.keyboard.press('Escape');

      // Five next runs, each at 09:00 Tokyo time (00:00 UTC), though the browser is in New York.
      const runs = step.getByTestId('schedule-next-run');
      await expect.poll(() => runs.count(), { timeout: 15_000 }).toBe(5);
      expect(await runs.allTextContents()).toEqual([
        'Jan 15, 2030, 09:00',
        'Jan 16, 2030, 09:00',
        'Jan 17, 2030, 09:00',
        'Jan 18, 2030, 09:00',
        'Jan 19, 2030, 09:00',
      ]);
      expect(await runs.first().getAttribute('data-at')).toBe('2030-01-15T00:00:00.000Z');
      // The toasts (their close buttons are unnamed app-wide, not this step's) go before axe looks.
      await page
        .locator('.mantine-Notification-root')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 });
      const failing = await failingViolations(page, 'schedule step');
      expect(failing, describeViolations(failing)).toEqual([]);

      // Saving stores the instant 09:00 Tokyo names.
      await page.getByTestId('save-activity-settings').click();
      await page.getByText('Activity settings saved').waitFor();
      const { records } = await commandAs<{
        records: Array<{ date: string | null; distribution: unknown }>;
      }>(herald, admin, organizationId, 'query', {
        query: { type: 'activity', filter: { id: activityId } },
        limit: 1,
        offset: 0,
      });
      expect(records[0]?.distribution).toEqual({ type: 'scheduled', interval: 'daily' });
      expect(new Date(records[0]?.date ?? '').toISOString()).toBe('2030-01-15T00:00:00.000Z');

      // Read back after a reload, the form shows the organization's 09:00 again.
      await page.reload();
      await step.waitFor();
      await expect
        .poll(() => step.getByTestId('schedule-date').getAttribute('data-value'), { timeout: 15_000 })
        .toBe('2030-01-15');
      expect(await step.getByLabel('Hours').inputValue()).toBe('09');
      expect(await step.getByLabel('Minutes').inputValue()).toBe('00');
      await context.close();
    },
  );

  it('names the trigger endpoint of an API-triggered activity', async () => {
    const [activity] = await writeRecordsAs(herald, admin, organizationId, 'activity', [
      { campaignId, type: 'email', name: 'Tea on request', distribution: { type: 'api' } },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, admin.email, admin.password);
    await page.goto(`${baseUrl}/${organizationId}/activity/edit/${String(activity?.id)}`);
    const endpoint = page.getByTestId('schedule-trigger-endpoint');
    await endpoint.waitFor();
    expect(await endpoint.textContent()).toContain(
      `POST ${baseUrl}/api/v1/activities/${String(activity?.id)}/trigger`,
    );
    await context.close();
  });
});
