import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

describe('organization access administration', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let admin: { session: ChannelClient; sessionId: string; id: number };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    const account = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    admin = { ...(await signedIn(herald, account)), id: account.id };
  });
  afterAll(() => herald.stop());

  const asAdmin = <T = Record<string, unknown>>(command: string, params: Record<string, unknown> = {}) =>
    admin.session.call<T>(command, { sessionId: admin.sessionId, organizationId, ...params });

  it('lists the organization users with roles, capabilities and user type', async () => {
    const editor = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const { user_accounts } = await asAdmin<{ user_accounts: Array<Record<string, unknown>> }>(
      'getOrganizationAccess',
    );
    expect(user_accounts.find((user) => user.id === editor.id)).toMatchObject({
      email: editor.email,
      roles: ['Content.Edit'],
      capabilities: ['base', 'content-edit'],
      user_type: 'base',
      otp_enabled: false,
    });
    expect(user_accounts.find((user) => user.id === admin.id)).toMatchObject({ user_type: 'admin' });
  });

  it('grants access to a new address, creating the account, and to an existing user', async () => {
    const { userId } = await asAdmin<{ userId: number }>('grantOrganizationAccess', {
      email: `new-${Date.now()}@example.test`,
      roles: ['Database.Read'],
    });
    const created = await herald.database.db
      .selectFrom('user_account')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(created.phone).toBe('n/a');
    expect(created.password_hash).toBeNull();

    const existing = await createUser(herald, [
      { organizationId: otherOrganizationId, roles: ['Database.Read'] },
    ]);
    const granted = await asAdmin<{ userId: number }>('grantOrganizationAccess', {
      email: existing.email.toUpperCase(),
      roles: ['Content.Edit'],
    });
    expect(granted.userId).toBe(existing.id);
  });

  it('tells the person by mail once, when the access is new: how to choose a password, or where to sign in', async () => {
    const organizationName = (
      await herald.database.db
        .selectFrom('organization')
        .select('name')
        .where('id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).name;
    const mailTo = async (to: string) => {
      await herald.services.mailer.settled();
      return herald.database.db
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('recipient', '=', to)
        .orderBy('id')
        .execute();
    };
    const newcomer = `invited-${Date.now()}@example.test`;
    await asAdmin('grantOrganizationAccess', { email: newcomer, roles: ['Database.Read'] });
    const invitation = await mailTo(newcomer);
    expect(invitation).toHaveLength(1);
    expect(invitation[0]?.subject).toBe(`You have been invited to ${organizationName} on Herald`);
    expect(invitation[0]?.body).toContain(
      `${herald.config.publicUrl}/passwordreset?email=${encodeURIComponent(newcomer)}`,
    );

    const member = await createUser(herald, [
      { organizationId: otherOrganizationId, roles: ['Database.Read'] },
    ]);
    await asAdmin('grantOrganizationAccess', { email: member.email, roles: ['Content.Edit'] });
    // A second grant only changes the roles: nothing more is sent.
    await asAdmin('grantOrganizationAccess', { email: member.email, roles: ['Database.Read'] });
    const told = await mailTo(member.email);
    expect(told.map((message) => message.subject)).toEqual([
      `You now have access to ${organizationName} on Herald`,
    ]);
    expect(told[0]?.body).toContain(`${herald.config.publicUrl}/login`);
  });

  it.each([
    [{ email: 'x@example.test', roles: ['Database.Everything'] }, 'ValidationError'],
    [{ email: 'x@example.test', roles: [] }, 'ValidationError'],
    [{ roles: ['Database.Read'] }, 'MissingParameterError'],
  ])('refuses a grant with bad params %j', async (params, type) => {
    const reply = await admin.session.request('grantOrganizationAccess', {
      sessionId: admin.sessionId,
      organizationId,
      ...params,
    });
    expect(reply.error?.type).toBe(type);
  });

  it('refuses partition sets of another organization', async () => {
    const foreignSet = await herald.database.db
      .insertInto('partition_set')
      .values({ organization_id: otherOrganizationId, name: `set-${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reply = await admin.session.request('grantOrganizationAccess', {
      sessionId: admin.sessionId,
      organizationId,
      email: 'franchisee@example.test',
      roles: ['franchisee'],
      partitionsets: [foreignSet.id],
    });
    expect(reply.error?.type).toBe('NotFoundError');
  });

  it('needs two-factor on before an administrator manages users', async () => {
    const plainAdmin = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    const { session, sessionId } = await signedIn(herald, plainAdmin);
    const reply = await session.request('grantOrganizationAccess', {
      sessionId,
      organizationId,
      email: 'y@example.test',
      roles: ['Database.Read'],
    });
    expect(reply.error).toEqual({ type: 'AdminOTPRequiredError', message: expect.any(String) });
    // Reading the list needs no second factor.
    expect(
      (await session.request('getOrganizationAccess', { sessionId, organizationId })).error,
    ).toBeUndefined();
    session.close();
  });

  it("changes roles and the user's open connection gets the new capabilities within a second", async () => {
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    const pushed = channel.nextPush('accessChanged');
    await asAdmin('updateOrganizationAccess', {
      userId: user.id,
      roles: ['Content.Edit', 'Content.Approve'],
    });
    const push = await pushed;
    expect(push.organizationId).toBe(organizationId);
    expect(push.data).toMatchObject({
      roles: ['Content.Edit', 'Content.Approve'],
      capabilities: ['base', 'content-edit', 'content-approve'],
    });
    const { user_accounts } = await asAdmin<{ user_accounts: Array<{ id: number; roles: string[] }> }>(
      'getOrganizationAccess',
    );
    expect(user_accounts.find((account) => account.id === user.id)?.roles).toEqual([
      'Content.Edit',
      'Content.Approve',
    ]);
    session.close();
    channel.close();
  });

  it('revokes access: the open connection is de-authenticated within a second and the token refused', async () => {
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    const pushed = channel.nextPush('authenticationRevoked');
    await asAdmin('revokeOrganizationAccess', { userId: user.id });
    expect((await pushed).data).toEqual({ reason: 'accessRevoked' });
    expect((await channel.request('query', { organizationId })).error?.type).toBe('UnauthenticatedCommand');
    expect((await session.request('getOrganizationToken', { sessionId, organizationId })).error?.type).toBe(
      'OrgAuthenticationError',
    );
    session.close();
    channel.close();
  });

  it("ends a user's sessions: their session is invalid and their connections lose authentication", async () => {
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    const channel = await organizationConnection(herald, session, sessionId, organizationId);
    const pushed = channel.nextPush('authenticationRevoked');
    expect(await asAdmin('endUserSessions', { userId: user.id })).toEqual({ ended: 1 });
    expect((await pushed).data).toEqual({ reason: 'sessionEnded' });
    expect((await session.request('getUserProfile', { sessionId })).error?.type).toBe('InvalidSessionError');
    session.close();
    channel.close();
  });

  it.each(['updateOrganizationAccess', 'revokeOrganizationAccess', 'endUserSessions'])(
    '%s for a user outside the organization answers NotFoundError',
    async (command) => {
      const outsider = await createUser(herald, [
        { organizationId: otherOrganizationId, roles: ['Database.Read'] },
      ]);
      const reply = await admin.session.request(command, {
        sessionId: admin.sessionId,
        organizationId,
        userId: outsider.id,
        roles: ['Database.Read'],
      });
      expect(reply.error?.type).toBe('NotFoundError');
    },
  );

  it('keeps security settings, refuses a bad allow-list, and marks users who must set up two-factor', async () => {
    expect(await asAdmin('getSecuritySettings')).toEqual({
      requireTwoFactor: false,
      adminIpAllowList: '',
      twoPersonExtractApproval: false,
      twoPersonActivityApproval: false,
    });
    const bad = await admin.session.request('updateSecuritySettings', {
      sessionId: admin.sessionId,
      organizationId,
      adminIpAllowList: 'banana',
    });
    expect(bad.error?.type).toBe('ValidationError');
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    expect(
      (await session.call<{ otp_required: boolean }>('getUserProfile', { sessionId })).otp_required,
    ).toBe(false);
    await asAdmin('updateSecuritySettings', {
      requireTwoFactor: true,
      twoPersonExtractApproval: true,
      twoPersonActivityApproval: true,
    });
    expect(
      (await session.call<{ otp_required: boolean }>('getUserProfile', { sessionId })).otp_required,
    ).toBe(true);
    expect(await asAdmin('getSecuritySettings')).toMatchObject({
      requireTwoFactor: true,
      twoPersonExtractApproval: true,
      twoPersonActivityApproval: true,
    });
    await asAdmin('updateSecuritySettings', {
      requireTwoFactor: false,
      twoPersonExtractApproval: false,
      twoPersonActivityApproval: false,
    });
    session.close();
  });

  it('refuses administrator commands from an address outside the allow-list', async () => {
    await asAdmin('updateSecuritySettings', { adminIpAllowList: '203.0.113.0/24\n127.0.0.1' });
    expect(
      (await admin.session.request('getAuditLog', { sessionId: admin.sessionId, organizationId })).error,
    ).toBeUndefined();
    await asAdmin('updateSecuritySettings', { adminIpAllowList: '203.0.113.0/24' });
    const refused = await admin.session.request('getAuditLog', {
      sessionId: admin.sessionId,
      organizationId,
    });
    expect(refused.error?.type).toBe('PrivilegesError');
    // Locked out from here, as configured; another route back in is the database, as an operator would.
    await herald.database.db
      .updateTable('organization')
      .set({ settings: JSON.stringify({ security: { adminIpAllowList: '' } }) })
      .where('id', '=', organizationId)
      .execute();
  });

  it('updates the theme and settings, refusing JSON that is not an object, never touching security through settings', async () => {
    const themed = await asAdmin<{ theme: string; logo_uri: string }>('updateOrganizationTheme', {
      logo_uri: 'https://cdn.example.test/logo.png',
      theme: JSON.stringify({ primaryColor: '#123456' }),
    });
    expect(themed).toMatchObject({
      logo_uri: 'https://cdn.example.test/logo.png',
      theme: '{"primaryColor":"#123456"}',
    });
    const badTheme = await admin.session.request('updateOrganizationTheme', {
      sessionId: admin.sessionId,
      organizationId,
      logo_uri: null,
      theme: '[1,2]',
    });
    expect(badTheme.error?.type).toBe('ValidationError');
    const updated = await asAdmin<{ settings: Record<string, unknown> }>('updateOrganizationSettings', {
      settings: JSON.stringify({ currency: 'IDR', security: { adminIpAllowList: '198.51.100.1' } }),
    });
    expect(updated.settings.currency).toBe('IDR');
    expect(await asAdmin('getSecuritySettings')).toMatchObject({ adminIpAllowList: '' });
  });

  it('records grants, role changes, revokes and security changes in the audit log, newest first', async () => {
    const { records, total } = await asAdmin<{
      records: Array<{ action: string; actor: string | null }>;
      total: number;
    }>('getAuditLog', { limit: 100 });
    expect(total).toBe(records.length);
    const actions = records.map((record) => record.action);
    for (const action of [
      'access.granted',
      'access.updated',
      'access.revoked',
      'sessions.endedByAdmin',
      'security.updated',
      'organization.themeUpdated',
    ]) {
      expect(actions).toContain(action);
    }
    expect(records[0]?.action).toBe('organization.settingsUpdated');
  });

  it("shows the outbox: its own users' messages and, without SMTP, sign-ups; never other organizations' users", async () => {
    const member = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const outsider = await createUser(herald, [
      { organizationId: otherOrganizationId, roles: ['Database.Read'] },
    ]);
    const signUp = `sign-up-${Date.now()}@example.test`;
    const anonymous = await ChannelClient.open(herald.wsUrl('session'));
    await anonymous.call('resetPassword', { email: member.email });
    await anonymous.call('resetPassword', { email: outsider.email });
    await anonymous.call('createUser', { email: signUp, phone: 'n/a' });
    anonymous.close();
    await herald.services.mailer.settled();
    const { records } = await asAdmin<{ records: Array<{ to: string }> }>('getOutbox', { limit: 100 });
    const recipients = records.map((record) => record.to);
    expect(recipients).toContain(member.email);
    expect(recipients).toContain(signUp);
    expect(recipients).not.toContain(outsider.email);
  });

  describe.each([
    'getOutbox',
    'getOrganizationAccess',
    'grantOrganizationAccess',
    'updateOrganizationAccess',
    'revokeOrganizationAccess',
    'endUserSessions',
    'updateOrganizationTheme',
    'updateOrganizationSettings',
    'getSecuritySettings',
    'updateSecuritySettings',
    'getAuditLog',
  ])('%s', (command) => {
    const params = {
      email: 'z@example.test',
      roles: ['Database.Read'],
      userId: 1,
      theme: '{}',
      logo_uri: null,
      settings: '{}',
    };
    it.each([['System.PowerUser'], ['Content.Edit'], ['Database.Read'], ['franchisee']])(
      'answers PrivilegesError to %s',
      async (role) => {
        const user = await createUser(herald, [{ organizationId, roles: [role] }], { otpEnabled: true });
        const { session, sessionId } = await signedIn(herald, user);
        expect((await session.request(command, { sessionId, organizationId, ...params })).error?.type).toBe(
          'PrivilegesError',
        );
        session.close();
      },
    );
    it('answers PrivilegesError to an administrator of another organization', async () => {
      expect(
        (
          await admin.session.request(command, {
            sessionId: admin.sessionId,
            organizationId: otherOrganizationId,
            ...params,
          })
        ).error?.type,
      ).toBe('PrivilegesError');
    });
    it('answers InvalidSessionError without a session', async () => {
      const anonymous = await ChannelClient.open(herald.wsUrl('session'));
      expect(
        (
          await anonymous.request(command, {
            sessionId: 'nope-nope-nope-nope-nope',
            organizationId,
            ...params,
          })
        ).error?.type,
      ).toBe('InvalidSessionError');
      anonymous.close();
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'access changes across two server processes on one PostgreSQL',
  () => {
    it('a revoke on one process de-authenticates a connection held by the other within a second', async () => {
      const [first, second] = await Promise.all([startTestHerald(), startTestHerald()]);
      try {
        const organizationId = await createOrganization(first);
        const adminAccount = await createUser(first, [{ organizationId, roles: ['System.Admin'] }], {
          otpEnabled: true,
        });
        const user = await createUser(first, [{ organizationId, roles: ['Database.Read'] }]);
        const onSecond = await signedIn(second, user);
        const channel = await organizationConnection(
          second,
          onSecond.session,
          onSecond.sessionId,
          organizationId,
        );
        const adminOnFirst = await signedIn(first, adminAccount);
        const pushed = channel.nextPush('authenticationRevoked');
        await adminOnFirst.session.call('revokeOrganizationAccess', {
          sessionId: adminOnFirst.sessionId,
          organizationId,
          userId: user.id,
        });
        expect((await pushed).data).toEqual({ reason: 'accessRevoked' });
        for (const client of [onSecond.session, channel, adminOnFirst.session]) client.close();
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
    });
  },
);
