import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import {
  addSubscribersForCharts,
  FIRST_DASHBOARD_BUDGET_BYTES,
  LOGIN_BUDGET_BYTES,
  kilobytes,
  measureJavaScriptWeight,
} from './support/weight.ts';

/** The JavaScript budget of /login and of the way to the first dashboard (bytes, not timings). */
describe('weight', () => {
  let herald: TestHerald;
  let browser: Browser;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  it('keeps /login within 150 KB and the first dashboard within 300 KB of gzip JavaScript, both without zod, the dashboard without recharts and the date pickers', async () => {
    const organizationId = await createOrganization(herald, 'Weight Org');
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    await addSubscribersForCharts(herald, organizationId);
    const weight = await measureJavaScriptWeight(browser, herald.config.publicUrl, user, 'Weight Org');
    const report = `login ${kilobytes(weight.login.gzipBytes)} (${weight.login.files.join(', ')}); first dashboard ${kilobytes(weight.firstDashboard.gzipBytes)} (${weight.firstDashboard.files.join(', ')})`;
    expect(weight.login.gzipBytes, report).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    expect(weight.firstDashboard.gzipBytes, report).toBeLessThanOrEqual(FIRST_DASHBOARD_BUDGET_BYTES);
    // Neither the sign-in path nor the first dashboard carries zod and the contract's schemas.
    expect(weight.login.files.filter((file) => /schemas|zod/i.test(file))).toEqual([]);
    expect(weight.firstDashboard.files.filter((file) => /schemas|zod/i.test(file))).toEqual([]);
    // The dashboard draws its own charts, and the date pickers wait for "Custom range…".
    expect(weight.firstDashboard.files.filter((file) => /grid-chart|BarChart|DateFields/.test(file))).toEqual(
      [],
    );
  });
});
