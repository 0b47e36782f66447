import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

interface SignedIn {
  sessionId: string;
  user: {
    id: number;
    organizations: Array<{ organization_id: number; capabilities: string[]; admin: boolean }>;
  };
}

describe('signing in and entering an organization', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let editor: { id: number; email: string; password: string };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit', 'Content.Approve'] }]);
  });
  afterAll(() => herald.stop());

  async function signIn(client: ChannelClient): Promise<SignedIn> {
    return client.call<SignedIn>('createSession', { email: editor.email, password: editor.password });
  }

  it('answers password as the login method, also for an unknown address', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    expect(await client.call('getUserLoginMethod', { email: editor.email })).toEqual({ method: 'password' });
    expect(await client.call('getUserLoginMethod', { email: 'nobody@example.test' })).toEqual({
      method: 'password',
    });
    client.close();
  });

  it('creates a session and returns the user with roles and derived capabilities', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const signedIn = await signIn(client);
    expect(signedIn.sessionId.length).toBeGreaterThanOrEqual(22);
    const organization = signedIn.user.organizations[0];
    expect(organization?.organization_id).toBe(organizationId);
    expect(organization?.capabilities).toEqual(['base', 'content-edit', 'content-approve']);
    expect(organization?.admin).toBe(false);
    client.close();
  });

  it('matches e-mail addresses without regard to case', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const signedIn = await client.call<SignedIn>('createSession', {
      email: editor.email.toUpperCase(),
      password: editor.password,
    });
    expect(signedIn.user.id).toBe(editor.id);
    client.close();
  });

  it.each([
    ['a wrong password', () => ({ email: editor.email, password: 'wrong password!' })],
    ['an unknown address', () => ({ email: 'nobody@example.test', password: 'whatever123' })],
  ])('answers %s with InvalidPasswordError and the same message', async (_label, params) => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const reply = await client.request('createSession', params());
    expect(reply.error).toEqual({
      type: 'InvalidPasswordError',
      message: 'Invalid email address or password',
    });
    client.close();
  });

  it('gives a new session id at every sign-in', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const first = await signIn(client);
    const second = await signIn(client);
    expect(first.sessionId).not.toBe(second.sessionId);
    client.close();
  });

  it('renews, reads the profile, and ends a session; an ended session is invalid', async () => {
    const client = await ChannelClient.open(herald.wsUrl('session'));
    const { sessionId } = await signIn(client);
    const renewed = await client.call<{ expiresAt: string }>('renewSession', { sessionId });
    expect(new Date(renewed.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await client.call('getUserProfile', { sessionId })).toMatchObject({
      id: editor.id,
      email: editor.email,
    });
    expect(await client.call('terminateSession', { sessionId })).toEqual({ logoutUrl: null });
    const after = await client.request('getUserProfile', { sessionId });
    expect(after.error?.type).toBe('InvalidSessionError');
    client.close();
  });

  it.each(['renewSession', 'terminateSession', 'getUserProfile'])(
    'answers %s with a made-up session with InvalidSessionError',
    async (command) => {
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const reply = await client.request(command, { sessionId: 'not-a-real-session-id-at-all' });
      expect(reply.error).toEqual({
        type: 'InvalidSessionError',
        message: 'Your session expired. Please login again.',
      });
      client.close();
    },
  );

  it('binds a session to the herald_client cookie of the browser that signed in', async () => {
    const cookieA = 'herald_client=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const cookieB = 'herald_client=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const browserA = await ChannelClient.open(herald.wsUrl('session'), { headers: { cookie: cookieA } });
    const { sessionId } = await signIn(browserA);
    const sameBrowser = await ChannelClient.open(herald.wsUrl('session'), { headers: { cookie: cookieA } });
    expect(await sameBrowser.call('getUserProfile', { sessionId })).toMatchObject({ id: editor.id });
    const otherBrowser = await ChannelClient.open(herald.wsUrl('session'), { headers: { cookie: cookieB } });
    expect((await otherBrowser.request('getUserProfile', { sessionId })).error?.type).toBe(
      'InvalidSessionError',
    );
    const noCookie = await ChannelClient.open(herald.wsUrl('session'));
    expect((await noCookie.request('getUserProfile', { sessionId })).error?.type).toBe('InvalidSessionError');
    for (const client of [browserA, sameBrowser, otherBrowser, noCookie]) client.close();
  });

  it('gives an organization token and authenticates the organization channel with it', async () => {
    const session = await ChannelClient.open(herald.wsUrl('session'));
    const { sessionId } = await signIn(session);
    const { token, organization } = await session.call<{
      token: string;
      organization: Record<string, unknown>;
    }>('getOrganizationToken', { sessionId, organizationId });
    expect(organization).toMatchObject({ organization_id: organizationId, settings: {}, domainsConfig: {} });
    const channel = await ChannelClient.open(herald.wsUrl('uiv5'));
    const authenticated = await channel.call<{ organizationId: number; expiresAt: string }>(
      'authenticateConnection',
      {
        organizationId,
        jwt: token,
      },
    );
    expect(authenticated.organizationId).toBe(organizationId);
    expect(new Date(authenticated.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await channel.request('noSuchCommand', { organizationId })).error?.type).toBe('UnknownCommand');
    session.close();
    channel.close();
  });

  it('refuses a token for an organization the user has no access to', async () => {
    const session = await ChannelClient.open(herald.wsUrl('session'));
    const { sessionId } = await signIn(session);
    const reply = await session.request('getOrganizationToken', {
      sessionId,
      organizationId: otherOrganizationId,
    });
    expect(reply.error?.type).toBe('OrgAuthenticationError');
    session.close();
  });

  it('refuses a token presented for another organization, a forged token and a token of an ended session', async () => {
    const session = await ChannelClient.open(herald.wsUrl('session'));
    const { sessionId } = await signIn(session);
    const { token } = await session.call<{ token: string }>('getOrganizationToken', {
      sessionId,
      organizationId,
    });
    const channel = await ChannelClient.open(herald.wsUrl('uiv5'));
    const wrongOrganization = await channel.request('authenticateConnection', {
      organizationId: otherOrganizationId,
      jwt: token,
    });
    expect(wrongOrganization.error?.type).toBe('OrgAuthenticationError');
    const [header, payload] = token.split('.');
    const forged = await channel.request('authenticateConnection', {
      organizationId,
      jwt: `${header}.${payload}.forgedsignature`,
    });
    expect(forged.error?.type).toBe('OrgAuthenticationError');
    await session.call('terminateSession', { sessionId });
    const ended = await channel.request('authenticateConnection', { organizationId, jwt: token });
    expect(ended.error?.type).toBe('OrgAuthenticationError');
    expect((await channel.request('query', { organizationId })).error?.type).toBe('UnauthenticatedCommand');
    session.close();
    channel.close();
  });
});
