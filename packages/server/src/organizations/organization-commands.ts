import { HeraldError, organizationCommands, sessionCommands } from '@herald/protocol';
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
      const claims = await services.organizationTokens.verify(params.jwt);
      if (claims.organizationId !== params.organizationId) throw new HeraldError('OrgAuthenticationError');
      // The token is only as good as the session and the access behind it, read fresh from the database.
      const [sessionLive, access] = await Promise.all([
        services.sessions.isLive(claims.sessionIdHash),
        services.organizations.accessOf(claims.userId, claims.organizationId),
      ]);
      if (!sessionLive || !access) throw new HeraldError('OrgAuthenticationError');
      connection.organization = {
        organizationId: claims.organizationId,
        userId: claims.userId,
        sessionIdHash: claims.sessionIdHash,
        roles: access.roles,
        capabilities: access.capabilities,
        partitionsets: access.partitionsets,
        expiresAt: claims.expiresAt,
      };
      return { organizationId: claims.organizationId, expiresAt: claims.expiresAt.toISOString() };
    },
  ),

  ping: registerCommand(organizationCommands.ping, { kind: 'public' }, async () => ({
    pong: new Date().toISOString(),
  })),
};
