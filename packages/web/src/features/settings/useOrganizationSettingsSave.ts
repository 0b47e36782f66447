import type { Organization } from '@herald/protocol';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import { commandKey } from '../../platform/data/useCommand.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useAdminParams } from './useAdminCommand.ts';

type AdminParams = NonNullable<ReturnType<typeof useAdminParams>>;
type OrganizationToken = { token: string; organization: Organization };

/** How a page changes the settings: from the organization's current settings, read fresh, to the next ones. */
export type SettingsChange = (current: Record<string, unknown>) => Record<string, unknown>;

/**
 * Puts an organization answered by an admin command in place of the one the app holds, so its pages (the
 * access check, the shell's name and logo, the time zone) see the change at once, without a reload.
 */
export function useReplaceOrganization(): (organization: Organization) => void {
  const { sessionChannel } = usePlatform();
  const queryClient = useQueryClient();
  const params = useAdminParams();
  return (organization) => {
    if (!params) return;
    queryClient.setQueryData<OrganizationToken>(
      commandKey(sessionChannel, 'getOrganizationToken', params),
      (held) => held && { ...held, organization },
    );
  };
}

/**
 * Saves a change to organization.settings. updateOrganizationSettings replaces the whole object, so the
 * settings are read fresh first and the change applied to them: what another page or person changed meanwhile
 * is kept. The answer replaces the app's organization (and its token, read with it).
 */
export function useOrganizationSettingsSave(
  options: Pick<UseMutationOptions<Organization, ChannelError, SettingsChange>, 'onSuccess'> = {},
) {
  const { sessionChannel } = usePlatform();
  const queryClient = useQueryClient();
  const params = useAdminParams();
  return useMutation<Organization, ChannelError, SettingsChange>({
    ...options,
    mutationFn: async (change) => {
      const admin: AdminParams | null = params;
      if (!admin) throw new Error('No organization is open');
      const fresh = await sessionChannel.request('getOrganizationToken', admin);
      const organization = await sessionChannel.request('updateOrganizationSettings', {
        ...admin,
        settings: change(fresh.organization.settings),
      });
      queryClient.setQueryData<OrganizationToken>(commandKey(sessionChannel, 'getOrganizationToken', admin), {
        token: fresh.token,
        organization,
      });
      return organization;
    },
  });
}

/** The server's message for a field (`settings.import.rules…`), from a ValidationError's details. */
export function fieldError(error: ChannelError | null, path: string): string | undefined {
  if (error?.type !== 'ValidationError') return undefined;
  return error.details?.find((detail) => detail.path === path || detail.path.startsWith(`${path}.`))?.message;
}
