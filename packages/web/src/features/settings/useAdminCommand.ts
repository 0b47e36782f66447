import { useQueryClient } from '@tanstack/react-query';
import { commandKey, useCommand } from '../../platform/data/useCommand.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';

/** The params every admin command of the current organization starts from, or null while there is none. */
export function useAdminParams(): { sessionId: string; organizationId: number } | null {
  const { sessionId } = useSession();
  const organization = useCurrentOrganization();
  return sessionId && organization ? { sessionId, organizationId: organization.organizationId } : null;
}

/** The organization's users and issuers as administrators see them (getOrganizationAccess). */
export function useOrganizationAccess() {
  const { sessionChannel } = usePlatform();
  return useCommand(sessionChannel, 'getOrganizationAccess', useAdminParams());
}

/** The organization's identity providers (getOrganizationIssuers). */
export function useOrganizationIssuers() {
  const { sessionChannel } = usePlatform();
  return useCommand(sessionChannel, 'getOrganizationIssuers', useAdminParams());
}

/** Drops the cached answers of these commands for the current organization, so they are asked again. */
export function useRefetchAdmin(): (...commands: string[]) => Promise<void> {
  const { sessionChannel } = usePlatform();
  const queryClient = useQueryClient();
  const params = useAdminParams();
  return async (...commands) => {
    await Promise.all(
      commands.map((command) =>
        queryClient.invalidateQueries({ queryKey: commandKey(sessionChannel, command, params) }),
      ),
    );
  };
}
