// Takes the README's screenshots (docs/screenshots/*.png) from a running Herald with the demo data:
//
//   HERALD_DEMO_PASSWORD=demo-password-123 PORT=8090 npm start      # on a fresh HERALD_DATA_DIR
//   HERALD_URL=http://localhost:8090 HERALD_DEMO_PASSWORD=demo-password-123 node scripts/screenshots.mjs
//
// Chromium is Debian's (/usr/bin/chromium, or HERALD_CHROMIUM), driven by playwright-core as in the browser tests.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.env.HERALD_URL ?? 'http://localhost:8080';
const password = process.env.HERALD_DEMO_PASSWORD;
if (!password) throw new Error('Set HERALD_DEMO_PASSWORD to the demo users’ password.');
const outputDirectory = path.resolve(import.meta.dirname, '../docs/screenshots');

async function signedIn(browser, email, locale = 'en-US') {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.keyboard.press('Enter');
  await page.locator('input[type="password"]').first().fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/organizations');
  await page.getByText('Demo Pizza Co').first().click();
  await page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
  return { context, page };
}

/** The dashboard over the last twelve months (its range menu's preset), its charts drawn. */
async function dashboard(page) {
  await page.getByTestId('dashboard-stat').first().waitFor();
  await page.getByTestId('dashboard-range').click();
  await page.locator('[data-testid="dashboard-range-preset"][data-preset="last12Months"]').click();
  await page.locator('[data-chart-key="subscribers.added"] svg').first().waitFor();
}

await mkdir(outputDirectory, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.HERALD_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const admin = await signedIn(browser, 'admin@example.com');
  await dashboard(admin.page);
  await admin.page.screenshot({ path: path.join(outputDirectory, 'dashboard.png'), fullPage: true });
  // The exact figure on hover.
  await admin.page.getByTestId('dashboard-stat-value').first().hover();
  await admin.page.getByRole('tooltip').waitFor();
  await admin.page.screenshot({
    path: path.join(outputDirectory, 'dashboard-exact-figure.png'),
    clip: { x: 0, y: 0, width: 1280, height: 420 },
  });
  await admin.context.close();

  // The administrative figures, on the admin panel now.
  const administration = await signedIn(browser, 'admin@example.com');
  await administration.page.goto(administration.page.url().replace(/dashboard$/, 'admin-panel'));
  await administration.page.locator('[data-testid="admin-panel-chart"] svg').first().waitFor();
  await administration.page.waitForTimeout(1500);
  await administration.page.screenshot({
    path: path.join(outputDirectory, 'admin-panel.png'),
    fullPage: true,
  });
  await administration.context.close();

  // A franchisee in Indonesian (Chromium here has no CJK fonts for a Japanese one): the figures of their
  // partitions, the custom range's date picker open with its week numbers.
  const franchisee = await signedIn(browser, 'franchisee@example.com', 'id');
  await dashboard(franchisee.page);
  await franchisee.page.getByTestId('dashboard-range').click();
  await franchisee.page.getByTestId('dashboard-range-custom').click();
  await franchisee.page.getByTestId('dashboard-date-to').click();
  await franchisee.page.locator('[class*="weekNumber"]').first().waitFor();
  // From's calendar (opened by the focus "Custom range…" gives it) fades out as To's fades in.
  await franchisee.page.waitForTimeout(800);
  await franchisee.page.screenshot({
    path: path.join(outputDirectory, 'dashboard-date-picker.png'),
    clip: { x: 0, y: 0, width: 1280, height: 560 },
  });
  await franchisee.context.close();
} finally {
  await browser.close();
}
console.log(`Screenshots written to ${outputDirectory}`);
