import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationChannelRegistry, sessionChannelRegistry } from '../src/channels/channels.ts';
import type { CommandRegistry } from '../src/channels/registry.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';

/**
 * Who may call what, as one explicit table. Adding a command without adding its row here fails, so every
 * command's access is a decision someone wrote down and tested.
 */
const expectedAccess: Record<'session' | 'organization', Record<string, string>> = {
  session: {
    getUserLoginMethod: 'public',
    createSession: 'public',
    renewSession: 'session',
    terminateSession: 'session',
    getUserProfile: 'session',
    getOrganizationToken: 'session',
    getOrganizationAccess: 'admin',
    grantOrganizationAccess: 'admin',
    updateOrganizationAccess: 'admin',
    revokeOrganizationAccess: 'admin',
    endUserSessions: 'admin',
    updateOrganizationTheme: 'admin',
    updateOrganizationSettings: 'admin',
    getSecuritySettings: 'admin',
    updateSecuritySettings: 'admin',
    getAuditLog: 'admin',
  },
  organization: {
    authenticateConnection: 'public',
    ping: 'public',
  },
};

function describeAccess(registry: CommandRegistry): Record<string, string> {
  return Object.fromEntries(
    Object.entries(registry).map(([name, command]) => [
      name,
      command.access.kind === 'organization'
        ? `organization:${command.access.capabilities.join('+')}`
        : command.access.kind,
    ]),
  );
}

describe('authorization table', () => {
  it('declares the expected access for every session-channel command', () => {
    expect(describeAccess(sessionChannelRegistry)).toEqual(expectedAccess.session);
  });
  it('declares the expected access for every organization-channel command', () => {
    expect(describeAccess(organizationChannelRegistry)).toEqual(expectedAccess.organization);
  });

  describe('enforced on the wire', () => {
    let herald: TestHerald;
    let organizationId: number;
    const roleSets = [
      ['System.Admin'],
      ['System.PowerUser'],
      ['Content.Edit'],
      ['Database.Read'],
      ['franchisee'],
      ['Integration.Manage'],
    ];
    beforeAll(async () => {
      herald = await startTestHerald();
      organizationId = await createOrganization(herald);
    });
    afterAll(() => herald.stop());

    const sessionCommands = Object.entries(expectedAccess.session)
      .filter(([, access]) => access === 'session')
      .map(([name]) => name);

    it.each(sessionCommands)('%s without a session answers InvalidSessionError', async (command) => {
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const reply = await client.request(command, { sessionId: 'x'.repeat(43), organizationId });
      expect(reply.error?.type).toBe('InvalidSessionError');
      client.close();
    });

    it.each(roleSets)('a user with %s in the organization may call every session command', async (role) => {
      const user = await createUser(herald, [{ organizationId, roles: [role] }]);
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
      });
      for (const command of sessionCommands.filter((name) => name !== 'terminateSession')) {
        const reply = await client.request(command, { sessionId, organizationId });
        expect(reply.error, `${role} → ${command}`).toBeUndefined();
      }
      client.close();
    });

    it('a user without access to the organization gets OrgAuthenticationError for its token', async () => {
      const user = await createUser(herald, []);
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
      });
      expect((await client.request('getOrganizationToken', { sessionId, organizationId })).error?.type).toBe(
        'OrgAuthenticationError',
      );
      client.close();
    });

    it('access granted with a future valid-from date does not open the organization yet', async () => {
      const user = await createUser(herald, []);
      await herald.database.db
        .insertInto('organization_access')
        .values({
          user_id: user.id,
          organization_id: organizationId,
          roles: ['System.Admin'],
          partitionsets: [],
          valid_from: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const { sessionId, user: profile } = await client.call<{
        sessionId: string;
        user: { organizations: unknown[] };
      }>('createSession', {
        email: user.email,
        password: user.password,
      });
      expect(profile.organizations).toEqual([]);
      expect((await client.request('getOrganizationToken', { sessionId, organizationId })).error?.type).toBe(
        'OrgAuthenticationError',
      );
      client.close();
    });
  });
});
