import { usePlatform } from '../../platform/platformContext.ts';
import { catalogueError } from '../../platform/channel/channelError.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';

/**
 * A fresh organization token for the HTTP addresses (uploads and extracts), which carry it in a form field.
 * Fetched just before use, so a token kept since sign-in that has since expired is never sent.
 */
export function useOrganizationJwt(): () => Promise<string> {
  const { sessionChannel, sessionStore } = usePlatform();
  const organization = useCurrentOrganization();
  return async () => {
    const { sessionId } = sessionStore.get();
    if (!sessionId || !organization) throw catalogueError('InvalidSessionError');
    const { token } = await sessionChannel.request('getOrganizationToken', {
      sessionId,
      organizationId: organization.organizationId,
    });
    return token;
  };
}
