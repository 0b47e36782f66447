import { HeraldError } from '@herald/protocol';
import { isAddressAllowed, readSecuritySettings } from '../organization-access/security-settings.ts';
import { featuresEnabled } from '../organizations/feature-settings.ts';
import { sessionMayEnter } from '../organizations/session-scope.ts';
import type { CommandAccess, CommandContext } from './registry.ts';

/**
 * Enforces a command's declared access before its handler runs. Session-channel commands name their
 * session in params; the session must be alive and bound to this browser's cookie, and is handed to the
 * handler as `context.session` so it need not be looked up twice.
 */
export async function authorize(
  access: CommandAccess,
  params: unknown,
  context: CommandContext,
): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'session': {
      context.session = await context.services.sessions.requireSession(
        sessionIdOf(params),
        context.connection,
      );
      return;
    }
    case 'admin': {
      const session = await context.services.sessions.requireSession(sessionIdOf(params), context.connection);
      context.session = session;
      const organizationId = (params as { organizationId?: unknown }).organizationId;
      if (typeof organizationId !== 'number') throw new HeraldError('PrivilegesError');
      const granted = (await sessionMayEnter(context.services.db, session.idHash, organizationId))
        ? await context.services.organizations.accessOf(session.userId, organizationId)
        : undefined;
      if (!granted?.capabilities.includes('admin')) throw new HeraldError('PrivilegesError');
      const security = await readSecuritySettings(context.services.db, organizationId);
      if (!isAddressAllowed(security.adminIpAllowList, context.connection.remoteAddress)) {
        throw new HeraldError('PrivilegesError');
      }
      const features = access.features ?? [];
      if (!(await featuresEnabled(context.services.db, organizationId, session.userId, features)))
        throw new HeraldError('PrivilegesError');
      return;
    }
    case 'organization': {
      const organization = context.connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const organizationId = (params as { organizationId?: unknown }).organizationId;
      if (organizationId !== undefined && organizationId !== organization.organizationId) {
        throw new HeraldError('OrgAuthenticationError');
      }
      for (const capability of access.capabilities) {
        if (!organization.capabilities.includes(capability)) throw new HeraldError('PrivilegesError');
      }
      return;
    }
  }
}

function sessionIdOf(params: unknown): string {
  const sessionId = (params as { sessionId?: unknown }).sessionId;
  if (typeof sessionId !== 'string') throw new HeraldError('InvalidSessionError');
  return sessionId;
}
