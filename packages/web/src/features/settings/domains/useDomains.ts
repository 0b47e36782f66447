import { usePlatform } from '../../../platform/platformContext.ts';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useAdminParams } from '../useAdminCommand.ts';

/** The organization's sending, tracking and single sign-on domains (getOrganizationDomains). */
export function useOrganizationDomains() {
  const { sessionChannel } = usePlatform();
  return useCommand(sessionChannel, 'getOrganizationDomains', useAdminParams());
}
