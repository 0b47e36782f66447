import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient, type Reply } from './support/channel-client.ts';
import { createOrganization, createUser, TEST_PASSWORD } from './support/factories.ts';
import { markDomainVerified } from './support/domains.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import {
  startImpostorDiscovery,
  startTestIdentityProvider,
  TestBrowser,
  type TestAccount,
  type TestIdentityProvider,
} from './support/oidc-provider.ts';

interface Issuer {
  id: number;
  organizationId: number;
  issuerUri: string;
  issuerCredentialHint: string;
  disabled: boolean;
  exclusiveDomains: string[];
  manageRoles: boolean;
}

interface SignedIn {
  sessionId: string;
  user: {
    id: number;
    email: string;
    sso_enabled: boolean;
    organizations: Array<{
      organization_id: number;
      roles: string[];
      partitionsets: number[];
      admin: boolean;
    }>;
  };
}

describe('single sign-on through an OpenID Connect issuer', () => {
  let herald: TestHerald;
  let idp: TestIdentityProvider;
  let publicUrl: string;
  /** Every reply any client in this file received, to prove no client secret ever goes out. */
  const replies: Reply[] = [];
  const clients: ChannelClient[] = [];

  beforeAll(async () => {
    herald = await startTestHerald();
    publicUrl = herald.config.publicUrl;
    idp = await startTestIdentityProvider({ redirectUri: `${publicUrl}/sso/callback` });
  });
  afterEach(() => {
    herald.services.sso.now = () => new Date();
    idp.tamperIdTokens(undefined);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await idp?.stop();
    await herald?.stop();
  });

  /** A channel client that records its replies (for the secret check) and is closed at the end. */
  async function openClient(cookie?: string): Promise<ChannelClient> {
    const client = await ChannelClient.open(herald.wsUrl('session'), cookie ? { headers: { cookie } } : {});
    const request = client.request.bind(client);
    client.request = async (command, params) => {
      const reply = await request(command, params);
      replies.push(reply);
      return reply;
    };
    clients.push(client);
    return client;
  }

  /** A browser that fetched its herald_client cookie, with a session-channel socket carrying it. */
  async function openBrowser(): Promise<{ browser: TestBrowser; client: ChannelClient }> {
    const browser = new TestBrowser();
    await browser.get(`${publicUrl}/session-cookie`);
    return { browser, client: await openClient(browser.cookieHeader(publicUrl)) };
  }

  function randomDomain(): string {
    return `d${randomBytes(5).toString('hex')}.example.test`;
  }

  /** An organization with an administrator signed in on a socket of their own. */
  async function organizationWithAdministrator() {
    const organizationId = await createOrganization(herald);
    const administrator = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const client = await openClient();
    const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
      email: administrator.email,
      password: administrator.password,
    });
    const addIssuer = async (
      fields: Record<string, unknown> = {},
      { proveDomains = true } = {},
    ): Promise<Issuer> => {
      const issuer = await client.call<Issuer>('addOrganizationIssuer', {
        sessionId,
        organizationId,
        issuerType: 'oidc',
        issuerUri: idp.issuer,
        issuerClientId: idp.clientId,
        issuerCredential: idp.clientSecret,
        description: 'Test identity provider',
        ...fields,
      });
      // These tests take the exclusive domains as owned; test/domains.test.ts proves the DNS check itself.
      if (proveDomains) await markDomainVerified(herald, organizationId, 'sso', issuer.exclusiveDomains);
      return issuer;
    };
    return { organizationId, administrator, client, sessionId, addIssuer };
  }

  function addAccount(domain: string, claims: Partial<TestAccount> = {}): TestAccount & { email: string } {
    return idp.addAccount({
      sub: randomUUID(),
      email: `person-${randomBytes(4).toString('hex')}@${domain}`,
      email_verified: true,
      ...claims,
    }) as TestAccount & { email: string };
  }

  function isLoginPage(location: URL): boolean {
    return location.href.startsWith(`${publicUrl}/login`);
  }

  /** Walks the browser from the start route through the provider back to Herald's /login. */
  function signOn(browser: TestBrowser, issuerId: number, email: string): Promise<URL> {
    const start = `${publicUrl}/sso/start?issuer=${issuerId}&login_hint=${encodeURIComponent(email)}`;
    return browser.follow(start, isLoginPage);
  }

  async function signOnAndComplete(issuerId: number, email: string) {
    const { browser, client } = await openBrowser();
    const landing = await signOn(browser, issuerId, email);
    const key = landing.searchParams.get('sso');
    expect(key, landing.href).toBeTruthy();
    const reply = await client.request('completeSsoLogin', { key });
    return {
      browser,
      client,
      landing,
      key: key ?? '',
      reply,
      signedIn: reply.result as SignedIn | undefined,
    };
  }

  describe('getUserLoginMethod', () => {
    it('answers sso with the start route for a domain an enabled issuer is exclusive for', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer({ exclusive: true, exclusiveDomains: [domain.toUpperCase()] });
      expect(issuer.exclusiveDomains).toEqual([domain]);
      const client = await openClient();
      const email = `someone@${domain}`;
      expect(await client.call('getUserLoginMethod', { email })).toEqual({
        method: 'sso',
        redirectUrl: `${publicUrl}/sso/start?issuer=${issuer.id}&login_hint=${encodeURIComponent(email)}`,
      });
      // Known or unknown, any address of the domain answers alike.
      expect(
        (
          await client.call<{ method: string }>('getUserLoginMethod', {
            email: `Nobody@${domain.toUpperCase()}`,
          })
        ).method,
      ).toBe('sso');
    });

    it('answers password for other domains, non-exclusive issuers and disabled ones', async () => {
      const {
        addIssuer,
        client: adminClient,
        sessionId,
        organizationId,
      } = await organizationWithAdministrator();
      const open = randomDomain();
      const disabled = randomDomain();
      await addIssuer({ exclusive: false, exclusiveDomains: [open] });
      const issuer = await addIssuer({ exclusive: true, exclusiveDomains: [disabled] });
      await adminClient.call('disableOrganizationIssuer', { sessionId, organizationId, issuerId: issuer.id });
      const client = await openClient();
      for (const email of [`a@${open}`, `b@${disabled}`, 'nobody@example.test', 'not-an-address']) {
        expect(await client.call('getUserLoginMethod', { email })).toEqual({ method: 'password' });
      }
    });
  });

  describe('the sign-on flow', () => {
    it('signs a new person in with roles and partition sets from claims when manageRoles is on', async () => {
      const { organizationId, addIssuer } = await organizationWithAdministrator();
      const north = await herald.database.db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'North' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const domain = randomDomain();
      const issuer = await addIssuer({
        manageRoles: true,
        customRolesClaimName: 'groups',
        customRolesRegex: '^herald-(.+)$',
        customPartitionsetsTransform: 'regions',
        exclusive: true,
        exclusiveDomains: [domain],
      });
      const account = addAccount(domain, {
        groups: ['herald-Content.Edit', 'herald-Database.Read', 'herald-Made.Up', 'Content.Deploy'],
        regions: ['north', 'Nowhere'],
      });
      const { client, signedIn, reply } = await signOnAndComplete(issuer.id, account.email);
      expect(reply.error).toBeUndefined();
      expect(signedIn?.user.email).toBe(account.email);
      const membership = signedIn?.user.organizations.find((row) => row.organization_id === organizationId);
      expect(membership?.roles).toEqual(['Database.Read', 'Content.Edit']);
      expect(membership?.partitionsets).toEqual([north.id]);

      const profile = await client.call<SignedIn['user']>('getUserProfile', {
        sessionId: signedIn?.sessionId,
      });
      expect(profile.organizations.find((row) => row.organization_id === organizationId)?.roles).toEqual([
        'Database.Read',
        'Content.Edit',
      ]);
      const password = await herald.database.db
        .selectFrom('user_account')
        .select('password_hash')
        .where('id', '=', profile.id)
        .executeTakeFirstOrThrow();
      expect(password.password_hash).toBeNull();

      // The next sign-in follows the claims again: roles taken away at the provider go in Herald too.
      account.groups = ['herald-Database.Read'];
      delete account.regions;
      const again = await signOnAndComplete(issuer.id, account.email);
      expect(again.signedIn?.user.id).toBe(profile.id);
      const after = again.signedIn?.user.organizations.find((row) => row.organization_id === organizationId);
      expect(after?.roles).toEqual(['Database.Read']);
      expect(after?.partitionsets).toEqual([]);

      // No known role at all: the access to this organization is removed.
      account.groups = ['herald-Nothing'];
      const none = await signOnAndComplete(issuer.id, account.email);
      expect(
        none.signedIn?.user.organizations.find((row) => row.organization_id === organizationId),
      ).toBeUndefined();
    });

    it('leaves the roles an administrator granted alone when manageRoles is off, and links by verified address', async () => {
      const { organizationId, addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer({ manageRoles: false });
      const existing = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
      const email = `${existing.email.split('@')[0]}@${domain}`;
      await herald.database.db
        .updateTable('user_account')
        .set({ email })
        .where('id', '=', existing.id)
        .execute();
      addAccount(domain, { email, roles: ['System.Admin'] });
      const { signedIn } = await signOnAndComplete(issuer.id, email);
      expect(signedIn?.user.id).toBe(existing.id);
      expect(
        signedIn?.user.organizations.find((row) => row.organization_id === organizationId)?.roles,
      ).toEqual(['Database.Read']);
    });

    it('knows a person by issuer and subject, not by the address the provider sends later', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer();
      const account = addAccount(domain);
      const first = await signOnAndComplete(issuer.id, account.email);
      // The provider now sends another address (still the login hint the test's provider signs in by).
      const renamed = `renamed-${randomBytes(3).toString('hex')}@${domain}`;
      account.email = renamed;
      const second = await signOnAndComplete(issuer.id, renamed);
      expect(second.signedIn?.user.id).toBe(first.signedIn?.user.id);
      expect(second.signedIn?.user.email).toBe(first.signedIn?.user.email);
    });

    it('sends PKCE (S256), state, nonce and the login hint, and prompt=consent when grantConsent is on', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer({ grantConsent: true });
      const account = addAccount(domain);
      const { signedIn } = await signOnAndComplete(issuer.id, account.email);
      expect(signedIn?.sessionId).toBeTruthy();
      const request = idp.authorizationRequests.at(-1);
      expect(request?.get('code_challenge_method')).toBe('S256');
      expect(request?.get('code_challenge')?.length).toBeGreaterThanOrEqual(43);
      expect(request?.get('state')?.length).toBeGreaterThanOrEqual(22);
      expect(request?.get('nonce')?.length).toBeGreaterThanOrEqual(22);
      expect(request?.get('login_hint')).toBe(account.email);
      expect(request?.get('prompt')).toBe('consent');
      expect(request?.get('redirect_uri')).toBe(`${publicUrl}/sso/callback`);
    });

    it('marks the session as single sign-on with the issuer logout address, and audits the sign-in', async () => {
      const { addIssuer, organizationId } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer();
      const account = addAccount(domain);
      const { signedIn } = await signOnAndComplete(issuer.id, account.email);
      const marks = await herald.database.db
        .selectFrom('sso_session')
        .innerJoin('user_session', 'user_session.id_hash', 'sso_session.session_id_hash')
        .select(['sso_session.logout_url', 'sso_session.issuer_id'])
        .where('user_session.user_id', '=', signedIn?.user.id ?? 0)
        .execute();
      expect(marks).toHaveLength(1);
      expect(marks[0]?.issuer_id).toBe(issuer.id);
      expect(marks[0]?.logout_url).toMatch(new RegExp(`^${idp.issuer}/session/end\\?client_id=`));
      const audit = await herald.database.db
        .selectFrom('audit_log')
        .select(['details', 'organization_id'])
        .where('action', '=', 'signIn.succeeded')
        .where('actor_user_id', '=', signedIn?.user.id ?? 0)
        .execute();
      expect(audit).toEqual([
        { organization_id: organizationId, details: { issuerId: issuer.id, method: 'sso' } },
      ]);
    });
  });

  describe('a single sign-on session', () => {
    it("is limited to its issuer's organization, even when another organization grants the address access", async () => {
      const { addIssuer, organizationId } = await organizationWithAdministrator();
      const issuer = await addIssuer({ manageRoles: false });
      const account = addAccount(randomDomain());
      const first = await signOnAndComplete(issuer.id, account.email);
      const userId = first.signedIn?.user.id ?? 0;
      await herald.database.db
        .insertInto('organization_access')
        .values({
          user_id: userId,
          organization_id: organizationId,
          roles: ['Database.Read'],
          partitionsets: [],
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'organization_id']).doNothing())
        .execute();
      const elsewhere = await createOrganization(herald);
      await herald.database.db
        .insertInto('organization_access')
        .values({ user_id: userId, organization_id: elsewhere, roles: ['System.Admin'], partitionsets: [] })
        .execute();

      const { signedIn, client } = await signOnAndComplete(issuer.id, account.email);
      const sessionId = signedIn?.sessionId ?? '';
      const profile = await client.call<{ organizations: Array<{ organization_id: number }> }>(
        'getUserProfile',
        { sessionId },
      );
      expect(profile.organizations.map((organization) => organization.organization_id)).toEqual([
        organizationId,
      ]);
      const token = await client.request('getOrganizationToken', { sessionId, organizationId: elsewhere });
      expect(token.error?.type).toBe('OrgAuthenticationError');
      const adminCommand = await client.request('getOrganizationAccess', {
        sessionId,
        organizationId: elsewhere,
      });
      expect(adminCommand.error?.type).toBe('PrivilegesError');
      expect(
        (await client.request('getOrganizationToken', { sessionId, organizationId })).error,
      ).toBeUndefined();
    });
  });

  describe('refusals', () => {
    async function landingError(url: URL): Promise<string | null> {
      expect(url.searchParams.get('sso')).toBeNull();
      return url.searchParams.get('sso_error');
    }

    it('answers SSOBadKey for a callback whose state Herald never issued', async () => {
      const browser = new TestBrowser();
      await browser.get(`${publicUrl}/session-cookie`);
      const landing = await browser.follow(
        `${publicUrl}/sso/callback?code=abc&state=never-issued`,
        isLoginPage,
      );
      expect(await landingError(landing)).toBe('SSOBadKey');
      const noState = await browser.follow(`${publicUrl}/sso/callback?code=abc`, isLoginPage);
      expect(await landingError(noState)).toBe('SSOBadKey');
    });

    it('answers SSOBadKey when the callback arrives in another browser than the one that started', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { browser } = await openBrowser();
      const callback = await browser.follow(
        `${publicUrl}/sso/start?issuer=${issuer.id}&login_hint=${encodeURIComponent(account.email)}`,
        (location) => location.pathname === '/sso/callback',
      );
      const other = new TestBrowser();
      await other.get(`${publicUrl}/session-cookie`);
      expect(await landingError(await other.follow(callback.href, isLoginPage))).toBe('SSOBadKey');
      // The state is spent: not even the right browser can use it now.
      expect(await landingError(await browser.follow(callback.href, isLoginPage))).toBe('SSOBadKey');
    });

    it('answers SSONoKey when the pending sign-on is older than ten minutes', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { browser } = await openBrowser();
      const atProvider = await browser.follow(
        `${publicUrl}/sso/start?issuer=${issuer.id}&login_hint=${encodeURIComponent(account.email)}`,
        (location) => location.href.startsWith(`${idp.issuer}/auth`),
      );
      herald.services.sso.now = () => new Date(Date.now() + 10 * 60_000 + 1_000);
      expect(await landingError(await browser.follow(atProvider.href, isLoginPage))).toBe('SSONoKey');
    });

    it.each([
      [
        'a tampered ID token (signature no longer matches)',
        { resign: false, change: { email: 'someone@else.example' } },
      ],
      ['an ID token for another audience', { change: { aud: 'another-client' } }],
      ['an ID token from another issuer', { change: { iss: 'https://impostor.example' } }],
      ['an ID token with another nonce', { change: { nonce: 'not-the-nonce' } }],
      ['an expired ID token', { change: { exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ])('answers SSOError for %s', async (_label, tamper) => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      idp.tamperIdTokens(({ payload }) => ({
        payload: { ...payload, ...tamper.change },
        ...('resign' in tamper ? { resign: tamper.resign } : {}),
      }));
      const { browser } = await openBrowser();
      expect(await landingError(await signOn(browser, issuer.id, account.email))).toBe('SSOError');
      const identities = await herald.database.db
        .selectFrom('sso_identity')
        .select('user_id')
        .where('issuer_id', '=', issuer.id)
        .execute();
      expect(identities).toEqual([]);
    });

    it('answers SSOError when the provider refuses or the person cancels, and audits why', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const { browser } = await openBrowser();
      // The test provider refuses (access_denied) an address it has no account for.
      expect(await landingError(await signOn(browser, issuer.id, `nobody@${randomDomain()}`))).toBe(
        'SSOError',
      );
      const audit = await herald.database.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'signIn.failed')
        .where(sql<boolean>`(details ->> 'issuerId')::int = ${issuer.id}`)
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        { issuerId: issuer.id, method: 'sso', reason: 'issuer_refused' },
      ]);
    });

    it('answers SSOError for an issuer URI whose discovery document names another issuer', async () => {
      const impostor = await startImpostorDiscovery(idp.issuer);
      try {
        const { addIssuer } = await organizationWithAdministrator();
        const issuer = await addIssuer({ issuerUri: impostor.issuer });
        const account = addAccount(randomDomain());
        const { browser } = await openBrowser();
        expect(await landingError(await signOn(browser, issuer.id, account.email))).toBe('SSOError');
      } finally {
        await impostor.stop();
      }
    });

    it('answers SSOError for a disabled issuer, before and after the provider', async () => {
      const { addIssuer, client, sessionId, organizationId } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { browser, client: browserClient } = await openBrowser();
      // Signed on at the provider, but disabled before the web app completes it.
      const landing = await signOn(browser, issuer.id, account.email);
      await client.call('disableOrganizationIssuer', { sessionId, organizationId, issuerId: issuer.id });
      const reply = await browserClient.request('completeSsoLogin', { key: landing.searchParams.get('sso') });
      expect(reply.error).toEqual({
        type: 'SSOError',
        message:
          'Unable to complete the single sign-on process. Please contact your organization administrator.',
      });
      expect(await landingError(await signOn(browser, issuer.id, account.email))).toBe('SSOError');
      const unknown = await browser.follow(`${publicUrl}/sso/start?issuer=999999999`, isLoginPage);
      expect(await landingError(unknown)).toBe('SSOError');
    });

    it('answers SSOError for a disabled user', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const first = await signOnAndComplete(issuer.id, account.email);
      await herald.database.db
        .updateTable('user_account')
        .set({ disabled: true })
        .where('id', '=', first.signedIn?.user.id ?? 0)
        .execute();
      const { browser } = await openBrowser();
      expect(await landingError(await signOn(browser, issuer.id, account.email))).toBe('SSOError');
    });

    it('refuses an unverified address, and an address whose account another organization relies on', async () => {
      const { organizationId, addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const unverified = addAccount(randomDomain(), { email_verified: false });
      const { browser } = await openBrowser();
      expect(await landingError(await signOn(browser, issuer.id, unverified.email))).toBe('SSOError');

      const elsewhere = await createOrganization(herald);
      const victim = await createUser(herald, [
        { organizationId, roles: ['Database.Read'] },
        { organizationId: elsewhere, roles: ['System.Admin'] },
      ]);
      addAccount('example.test', { email: victim.email });
      // A fresh browser: the provider would otherwise keep the first person signed in.
      const { browser: secondBrowser } = await openBrowser();
      expect(await landingError(await signOn(secondBrowser, issuer.id, victim.email))).toBe('SSOError');
      const audit = await herald.database.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'signIn.failed')
        .where('actor_user_id', '=', victim.id)
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        { issuerId: issuer.id, method: 'sso', reason: 'email_taken' },
      ]);
    });

    it('trusts an unverified address of a domain the issuer is exclusive for', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer({ exclusive: true, exclusiveDomains: [domain] });
      const account = addAccount(domain, { email_verified: false });
      const { signedIn } = await signOnAndComplete(issuer.id, account.email);
      expect(signedIn?.user.email).toBe(account.email);
    });

    it('does not trust an unverified address of an exclusive domain its organization has not proved', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer(
        { exclusive: true, exclusiveDomains: [domain] },
        { proveDomains: false },
      );
      const account = addAccount(domain, { email_verified: false });
      const { browser } = await openBrowser();
      expect(await landingError(await signOn(browser, issuer.id, account.email))).toBe('SSOError');
      // Nor are the domain's addresses sent to the issuer at sign-in.
      const client = await openClient();
      expect(await client.call('getUserLoginMethod', { email: account.email })).toEqual({
        method: 'password',
      });
    });
  });

  describe('the one-time key', () => {
    it('works once', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { client, key, signedIn } = await signOnAndComplete(issuer.id, account.email);
      expect(signedIn?.sessionId).toBeTruthy();
      expect((await client.request('completeSsoLogin', { key })).error?.type).toBe('SSOBadKey');
    });

    it('works only from the browser that signed on', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { browser, client } = await openBrowser();
      const key = (await signOn(browser, issuer.id, account.email)).searchParams.get('sso');
      const otherBrowser = await openClient(`herald_client=${randomBytes(24).toString('base64url')}`);
      const noCookie = await openClient();
      const reply = await otherBrowser.request('completeSsoLogin', { key });
      expect(reply.error).toEqual({
        type: 'SSOBadKey',
        message: 'Your single sign-on session could not be found. Please reload the page and try again.',
      });
      expect((await noCookie.request('completeSsoLogin', { key })).error?.type).toBe('SSOBadKey');
      // Those attempts did not spend it.
      const signedIn = await client.call<SignedIn>('completeSsoLogin', { key });
      // The session is bound to the browser's cookie like any other.
      expect(
        (await otherBrowser.request('getUserProfile', { sessionId: signedIn.sessionId })).error?.type,
      ).toBe('InvalidSessionError');
      expect(
        (await client.call<SignedIn['user']>('getUserProfile', { sessionId: signedIn.sessionId })).id,
      ).toBe(signedIn.user.id);
    });

    it('expires after two minutes (SSONoKey)', async () => {
      const { addIssuer } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { browser, client } = await openBrowser();
      const key = (await signOn(browser, issuer.id, account.email)).searchParams.get('sso');
      herald.services.sso.now = () => new Date(Date.now() + 2 * 60_000 + 1_000);
      const reply = await client.request('completeSsoLogin', { key });
      expect(reply.error).toEqual({
        type: 'SSONoKey',
        message: 'Your single sign-on session expired. Please reload the page and try again.',
      });
      expect((await client.request('completeSsoLogin', { key: 'x'.repeat(43) })).error?.type).toBe(
        'SSOBadKey',
      );
      expect((await client.request('completeSsoLogin', {})).error?.type).toBe('MissingParameterError');
    });
  });

  describe('administering issuers', () => {
    it('adds, lists and disables issuers without ever answering the secret, and audits both', async () => {
      const { addIssuer, client, sessionId, organizationId, administrator } =
        await organizationWithAdministrator();
      const domain = randomDomain();
      const issuer = await addIssuer({
        manageRoles: true,
        customRolesClaimName: 'roles',
        customRolesRegex: null,
        customPartitionsetsTransform: 'partitionsets',
        exclusive: true,
        exclusiveDomains: [domain],
        grantConsent: true,
      });
      expect(issuer).toMatchObject({
        organizationId,
        issuerType: 'oidc',
        issuerUri: idp.issuer,
        issuerClientId: idp.clientId,
        issuerCredentialHint: `••••${idp.clientSecret.slice(-4)}`,
        manageRoles: true,
        customRolesClaimName: 'roles',
        customPartitionsetsTransform: 'partitionsets',
        description: 'Test identity provider',
        exclusive: true,
        exclusiveDomains: [domain],
        grantConsent: true,
        disabled: false,
        disabledAt: null,
      });
      expect(issuer).not.toHaveProperty('issuerCredential');
      const listed = await client.call<{ issuers: Issuer[] }>('getOrganizationIssuers', {
        sessionId,
        organizationId,
      });
      expect(listed.issuers).toEqual([issuer]);

      // Another organization cannot claim the domain while this issuer holds it.
      const other = await organizationWithAdministrator();
      const duplicate = await other.client.request('addOrganizationIssuer', {
        sessionId: other.sessionId,
        organizationId: other.organizationId,
        issuerUri: idp.issuer,
        issuerClientId: 'x',
        issuerCredential: 'y',
        exclusive: true,
        exclusiveDomains: [domain],
      });
      expect(duplicate.error?.type).toBe('ValidationError');
      expect(duplicate.error?.details?.[0]?.path).toBe('exclusiveDomains');
      // Nor disable or see it.
      expect(
        (
          await other.client.request('disableOrganizationIssuer', {
            sessionId: other.sessionId,
            organizationId: other.organizationId,
            issuerId: issuer.id,
          })
        ).error?.type,
      ).toBe('NotFoundError');
      expect(
        (
          await other.client.call<{ issuers: Issuer[] }>('getOrganizationIssuers', {
            sessionId: other.sessionId,
            organizationId: other.organizationId,
          })
        ).issuers,
      ).toEqual([]);

      const disabled = await client.call<Issuer>('disableOrganizationIssuer', {
        sessionId,
        organizationId,
        issuerId: issuer.id,
      });
      expect(disabled).toMatchObject({ id: issuer.id, disabled: true });
      // Disabling again answers the same issuer.
      expect(
        await client.call<Issuer>('disableOrganizationIssuer', {
          sessionId,
          organizationId,
          issuerId: issuer.id,
        }),
      ).toEqual(disabled);
      // The domain is free again.
      expect(
        (
          await other.client.request('addOrganizationIssuer', {
            sessionId: other.sessionId,
            organizationId: other.organizationId,
            issuerUri: idp.issuer,
            issuerClientId: 'x',
            issuerCredential: 'y',
            exclusive: true,
            exclusiveDomains: [domain],
          })
        ).error,
      ).toBeUndefined();

      const audit = await herald.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'details'])
        .where('organization_id', '=', organizationId)
        .where('action', 'in', ['issuer.added', 'issuer.disabled'])
        .orderBy('id')
        .execute();
      expect(
        audit.map((row) => [row.action, row.actor_user_id, (row.details as { issuerId: number }).issuerId]),
      ).toEqual([
        ['issuer.added', administrator.id, issuer.id],
        ['issuer.disabled', administrator.id, issuer.id],
      ]);
    });

    it('ends the sessions that came through an issuer when it is disabled', async () => {
      const { addIssuer, client, sessionId, organizationId } = await organizationWithAdministrator();
      const issuer = await addIssuer();
      const account = addAccount(randomDomain());
      const { client: userClient, signedIn } = await signOnAndComplete(issuer.id, account.email);
      expect(signedIn?.user.sso_enabled).toBeTypeOf('boolean');
      await client.call('disableOrganizationIssuer', { sessionId, organizationId, issuerId: issuer.id });
      expect((await userClient.request('renewSession', { sessionId: signedIn?.sessionId })).error?.type).toBe(
        'InvalidSessionError',
      );
      // The administrator's own password session is untouched.
      expect((await client.request('renewSession', { sessionId })).error).toBeUndefined();
    });

    it.each(['addOrganizationIssuer', 'disableOrganizationIssuer', 'getOrganizationIssuers'])(
      '%s answers PrivilegesError to anyone but an administrator of the organization',
      async (command) => {
        const { organizationId } = await organizationWithAdministrator();
        const elsewhere = await createOrganization(herald);
        for (const grants of [
          [{ organizationId, roles: ['System.PowerUser', 'Content.Edit', 'Database.Manage'] }],
          [{ organizationId: elsewhere, roles: ['System.Admin'] }],
        ]) {
          const user = await createUser(herald, grants);
          const client = await openClient();
          const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
            email: user.email,
            password: TEST_PASSWORD,
          });
          const reply = await client.request(command, {
            sessionId,
            organizationId,
            issuerId: 1,
            issuerUri: idp.issuer,
            issuerClientId: idp.clientId,
            issuerCredential: idp.clientSecret,
          });
          expect(reply.error?.type).toBe('PrivilegesError');
        }
      },
    );

    it.each([
      ['no issuer URI', { issuerUri: undefined }, 'issuerUri'],
      ['an http issuer off loopback', { issuerUri: 'http://idp.example.com' }, 'issuerUri'],
      ['an issuer URI with a query', { issuerUri: 'https://idp.example.com/?x=1' }, 'issuerUri'],
      ['an unknown issuer type', { issuerType: 'saml' }, 'issuerType'],
      ['no client id', { issuerClientId: '' }, 'issuerClientId'],
      ['no secret', { issuerCredential: undefined }, 'issuerCredential'],
      ['a roles pattern that does not compile', { customRolesRegex: '(' }, 'customRolesRegex'],
      ['an exclusive issuer without domains', { exclusive: true, exclusiveDomains: [] }, 'exclusiveDomains'],
      [
        'a domain that is not one',
        { exclusive: true, exclusiveDomains: ['not a domain'] },
        'exclusiveDomains.0',
      ],
      ['a flag that is not a boolean', { manageRoles: 'yes' }, 'manageRoles'],
    ])('addOrganizationIssuer answers ValidationError for %s', async (_label, change, path) => {
      const { client, sessionId, organizationId } = await organizationWithAdministrator();
      const reply = await client.request('addOrganizationIssuer', {
        sessionId,
        organizationId,
        issuerUri: 'https://idp.example.com',
        issuerClientId: 'herald',
        issuerCredential: 'secret',
        ...change,
      });
      // A parameter left out is the catalogue's MissingParameterError (platform §8); a bad one is invalid.
      expect(reply.error?.type).toBe(
        Object.values(change).includes(undefined) ? 'MissingParameterError' : 'ValidationError',
      );
      expect(reply.error?.details?.map((detail) => detail.path)).toContain(path);
    });

    it('disableOrganizationIssuer answers ValidationError without an issuer id', async () => {
      const { client, sessionId, organizationId } = await organizationWithAdministrator();
      const reply = await client.request('disableOrganizationIssuer', {
        sessionId,
        organizationId,
        issuerId: 'one',
      });
      expect(reply.error?.type).toBe('ValidationError');
    });
  });
  // Runs last: every reply above, and the audit log, must be free of the client secret.
  it('never answered or audited the client secret', async () => {
    expect(replies.length).toBeGreaterThan(50);
    expect(JSON.stringify(replies)).not.toContain(idp.clientSecret);
    const audit = await herald.database.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
  });
});
