import { HeraldError } from '@herald/protocol';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import type { Services } from '../services.ts';

/**
 * Checks an organization token (getOrganizationToken) for `organizationId`: the organization channel's
 * authenticateConnection and the HTTP upload and extract routes (form field `jwt`) share it. The token is only
 * as good as the session and the access behind it, read fresh from the database. Any failure answers
 * OrgAuthenticationError.
 */
export async function authenticateOrganization(
  services: Services,
  jwt: string,
  organizationId: number,
): Promise<AuthenticatedOrganization> {
  const claims = await services.organizationTokens.verify(jwt);
  if (claims.organizationId !== organizationId) throw new HeraldError('OrgAuthenticationError');
  const [sessionLive, access] = await Promise.all([
    services.sessions.isLive(claims.sessionIdHash),
    services.organizations.accessOf(claims.userId, claims.organizationId),
  ]);
  if (!sessionLive || !access) throw new HeraldError('OrgAuthenticationError');
  return {
    organizationId: claims.organizationId,
    userId: claims.userId,
    sessionIdHash: claims.sessionIdHash,
    roles: access.roles,
    capabilities: access.capabilities,
    partitionsets: access.partitionsets,
    expiresAt: claims.expiresAt,
  };
}
