import { HeraldError, organizationCommands, sessionCommands } from '@herald/protocol';
import { authenticateOrganization } from './authenticate-organization.ts';
import { registerCommand } from '../channels/registry.ts';
import { liveSession } from '../sessions/live-session.ts';
import { sessionMayEnter } from './session-scope.ts';

/** Entering an organization: the token on the session channel, then authenticating the organization socket. */
export const organizationTokenCommands = {
  getOrganizationToken: registerCommand(
    sessionCommands.getOrganizationToken,
    { kind: 'session' },
    async (params, { services, session: contextSession }) => {
      const session = liveSession(contextSession);
      const mayEnter = await sessionMayEnter(services.db, session.idHash, params.organizationId);
      const access = mayEnter
        ? await services.organizations.accessOf(session.userId, params.organizationId)
        : undefined;
      const organization =
        access && (await services.organizations.organizationFor(params.organizationId, access));
      if (!access || !organization) throw new HeraldError('OrgAuthenticationError');
      const token = await services.organizationTokens.sign({
        userId: session.userId,
        organizationId: params.organizationId,
        sessionIdHash: session.idHash,
        name: organization.organization,
        roles: access.roles,
        capabilities: access.capabilities,
      });
      return { token, organization };
    },
  ),
};

export const organizationConnectionCommands = {
  authenticateConnection: registerCommand(
    organizationCommands.authenticateConnection,
    { kind: 'public' },
    async (params, { services, connection }) => {
      const organization = await authenticateOrganization(services, params.jwt, params.organizationId);
      connection.organization = organization;
      return { organizationId: organization.organizationId, expiresAt: organization.expiresAt.toISOString() };
    },
  ),

  ping: registerCommand(organizationCommands.ping, { kind: 'public' }, async () => ({
    pong: new Date().toISOString(),
  })),
};
