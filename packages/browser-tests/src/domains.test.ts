import { startDnsStub, type DnsStub } from '@herald/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, FAILING_IMPACTS, waitForSettledScreen } from './support/axe.ts';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { signIn } from './support/sign-in.ts';

/** An administrator adds a sending domain, publishes its records and checks them. */
describe('sending domains', () => {
  let herald: TestHerald;
  let browser: Browser;
  let dns: DnsStub;
  let baseUrl: string;

  beforeAll(async () => {
    dns = await startDnsStub();
    [herald, browser] = await Promise.all([
      startHeraldForBrowser({
        dnsServers: [dns.server],
        returnPathHost: 'bounce.herald.test',
        trackingHost: 'track.herald.test',
        spfHost: '_spf.herald.test',
      }),
      launchBrowser(),
    ]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
    await dns?.close();
  });

  const recordRow = (page: Page, purpose: string) =>
    page.locator(`[data-testid="domain-record"][data-purpose="${purpose}"]`);
  const recordStatus = (page: Page, purpose: string) =>
    recordRow(page, purpose).getByTestId('record-status').getAttribute('data-status');

  it('adds a sending domain, shows its records, and Check now shows what DNS holds', async () => {
    const organizationId = await createOrganization(herald, 'Domains Org');
    const administrator = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, administrator.email, administrator.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/domains`);
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    await page.getByTestId('sending-domains-empty').waitFor();
    await page.getByTestId('tracking-domains-empty').waitFor();

    const form = page.getByTestId('add-sending-domain');
    expect(await form.getByRole('textbox', { name: 'DKIM selector' }).inputValue()).toBe('herald1');
    expect(await form.getByRole('textbox', { name: 'Return path' }).inputValue()).toBe('bounce');
    await form.getByRole('textbox', { name: 'Sending domain' }).fill('News.Example.test');
    await form.getByRole('button', { name: 'Add sending domain' }).click();
    const row = page.getByTestId('sending-domains').getByTestId('domain-row');
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('news.example.test');
    expect(await row.getByTestId('domain-status').textContent()).toBe('Unverified');

    await row.getByRole('link', { name: 'news.example.test' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/${organizationId}/settings/sendingdomains/news.example.test`,
    );
    await page.getByRole('heading', { name: 'news.example.test', level: 1 }).waitFor();
    await expect
      .poll(() =>
        page.getByTestId('domain-record').evaluateAll((rows) => rows.map((one) => one.dataset.purpose)),
      )
      .toEqual(['dkim', 'returnPath', 'spf', 'dmarc']);
    expect(await recordRow(page, 'dkim').textContent()).toContain('herald1._domainkey.news.example.test');
    expect(await recordRow(page, 'returnPath').textContent()).toContain('bounce.herald.test');
    expect(await recordStatus(page, 'dkim')).toBe('unchecked');
    await recordRow(page, 'dkim')
      .getByRole('button', { name: 'Copy the value of DKIM key herald1' })
      .waitFor();

    // The owner publishes the DKIM key and the return path, not yet SPF nor DMARC.
    const dkimValue = (await recordRow(page, 'dkim').locator('code').nth(1).textContent()) ?? '';
    expect(dkimValue).toMatch(/^v=DKIM1; k=rsa; p=/);
    dns.publishTxt('herald1._domainkey.news.example.test', dkimValue);
    dns.publishCname('bounce.news.example.test', 'bounce.herald.test');
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => recordStatus(page, 'dkim'), { timeout: 15_000 }).toBe('ok');
    expect(await recordStatus(page, 'returnPath')).toBe('ok');
    expect(await recordStatus(page, 'spf')).toBe('missing');
    expect(await recordStatus(page, 'dmarc')).toBe('missing');
    await expect.poll(() => page.getByTestId('domain-status').textContent()).toBe('Verified');

    // What the check saw is stored: a fresh page shows it (and has no toasts, which axe would count).
    await page.reload();
    await expect.poll(() => recordStatus(page, 'dkim'), { timeout: 15_000 }).toBe('ok');
    expect(await page.getByTestId('domain-checked-at').textContent()).not.toContain('Never');
    await waitForSettledScreen(page);
    const violations = (await axeViolations(page, 'sending domain')).filter((violation) =>
      FAILING_IMPACTS.has(violation.impact),
    );
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
