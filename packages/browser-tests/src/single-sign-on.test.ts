import { randomBytes, randomUUID } from 'node:crypto';
import { markDomainVerified, startDnsStub, type DnsStub } from '@herald/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  signedIn,
  startHeraldForBrowser,
  startTestIdentityProvider,
  type TestHerald,
  type TestIdentityProvider,
} from './support/herald.ts';
import { expectOrganizationList, signIn } from './support/sign-in.ts';

function randomDomain(): string {
  return `d${randomBytes(5).toString('hex')}.example.test`;
}

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) on loopback. The test provider signs in
 * the account whose e-mail is the request's login hint, with no form of its own, so the browser goes there and
 * straight back, as it would for someone already signed in at their identity provider.
 */
describe('single sign-on through an identity provider', () => {
  let herald: TestHerald;
  let idp: TestIdentityProvider;
  let browser: Browser;
  let baseUrl: string;
  let dns: DnsStub;

  beforeAll(async () => {
    dns = await startDnsStub();
    [herald, browser] = await Promise.all([
      startHeraldForBrowser({ dnsServers: [dns.server] }),
      launchBrowser(),
    ]);
    baseUrl = herald.config.publicUrl;
    idp = await startTestIdentityProvider({ redirectUri: `${baseUrl}/sso/callback` });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await idp?.stop();
    await herald?.stop();
    await dns?.close();
  });

  /** An administrator adds the provider on Settings › Access: exclusive for `domain`, roles from claims. */
  async function addIssuerThroughSettings(organizationId: number, domain: string): Promise<void> {
    const administrator = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, administrator.email, administrator.password);
    await page.goto(`${baseUrl}/${organizationId}/dashboard`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Access' })
      .click();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/settings/access`);
    await page.getByTestId('issuers-empty').waitFor();

    const form = page.getByTestId('add-issuer-form');
    await form.getByLabel('Description').fill('Loopback identity provider');
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByLabel('Client ID').fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByLabel('Manage roles from the provider').check();
    await form.getByLabel('Exclusive for domain').check();
    await form.getByLabel('Email domains').fill(domain);
    await form.getByRole('button', { name: 'Add identity provider' }).click();

    const row = page.getByTestId('issuer-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('Loopback identity provider');
    expect(await row.textContent()).toContain(domain);
    expect(await row.textContent()).toContain('Active');
    // The secret never comes back to the page.
    expect(await page.content()).not.toContain(idp.clientSecret);

    // The domain redirects sign-ins only once the organization proves it owns it: the issuer's
    // page shows the TXT record to publish; Check sees it.
    await row.getByRole('link', { name: 'Loopback identity provider' }).click();
    const ownership = page.getByTestId('sso-domain').filter({ hasText: domain });
    await ownership.waitFor();
    expect(await ownership.getByTestId('domain-status').textContent()).toBe('Unverified');
    const proof = (await ownership.getByTestId('domain-record').locator('code').nth(1).textContent()) ?? '';
    expect(proof).toMatch(/^herald-verification=/);
    dns.publishTxt(domain, proof);
    await ownership.getByRole('button', { name: `Check ${domain}` }).click();
    await expect
      .poll(() => ownership.getByTestId('domain-status').textContent(), { timeout: 15_000 })
      .toBe('Verified');
    await context.close();
  }

  it('signs a person of an exclusive domain in through the provider, with the roles its claims give', async () => {
    const organizationId = await createOrganization(herald, 'Single Sign-on Org');
    const domain = randomDomain();
    await addIssuerThroughSettings(organizationId, domain);
    const account = idp.addAccount({
      sub: randomUUID(),
      email: `person@${domain}`,
      email_verified: true,
      roles: ['Content.Edit', 'Database.Read'],
    });

    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(account.email ?? '');
    const toProvider = page.waitForRequest((request) => request.url().startsWith(`${idp.issuer}/auth`));
    await page.getByRole('button', { name: 'Continue' }).click();
    // The browser leaves for the provider (no password step) and comes back signed in.
    const authorization = new URL((await toProvider).url());
    expect(authorization.searchParams.get('login_hint')).toBe(account.email);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    await expectOrganizationList(page);
    expect(new URL(page.url()).searchParams.has('sso')).toBe(false);

    const card = page.getByTestId('organization-card');
    expect(await card.count()).toBe(1);
    expect(await card.getByRole('link').textContent()).toBe('Single Sign-on Org');
    expect(await card.textContent()).toContain('Edit Content');
    expect(await card.textContent()).toContain('View Database');

    await card.getByRole('link', { name: 'Single Sign-on Org' }).click();
    await page.getByRole('heading', { name: 'Welcome to Single Sign-on Org' }).waitFor();
    const capabilities = await page.getByTestId('dashboard-capabilities').textContent();
    expect(capabilities).toContain('Edit content');
    expect(capabilities).toContain('View database');
    expect(capabilities).not.toContain('Administration');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect.poll(() => page.getByTestId('sso-status').getAttribute('data-enabled')).toBe('true');
    await context.close();
  });

  it('tells a person the provider turned away that single sign-on failed', async () => {
    const organizationId = await createOrganization(herald);
    const domain = randomDomain();
    // Added over the session channel, as the settings page would (the test above goes through the page).
    const administrator = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { session, sessionId } = await signedIn(herald, administrator);
    await session.call('addOrganizationIssuer', {
      sessionId,
      organizationId,
      issuerType: 'oidc',
      issuerUri: idp.issuer,
      issuerClientId: idp.clientId,
      issuerCredential: idp.clientSecret,
      description: 'Loopback identity provider',
      manageRoles: true,
      exclusive: true,
      exclusiveDomains: [domain],
    });
    session.close();
    // Its ownership taken as proved (the test above proves it through the issuer's page).
    await markDomainVerified(herald, organizationId, 'sso', [domain]);

    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/login`);
      // No account at the provider for this address: it answers access_denied to Herald's callback.
      await page.getByLabel('Email').fill(`nobody@${domain}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('sso_error'));
      expect(new URL(page.url()).searchParams.get('sso_error')).toBe('SSOError');
      await page
        .getByRole('alert')
        .filter({
          hasText:
            'Unable to complete the single sign-on process. Please contact your organization administrator.',
        })
        .waitFor({ timeout: 2_000 });
    } finally {
      await context.close();
    }
  });
});
