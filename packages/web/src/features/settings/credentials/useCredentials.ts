import { useCommand } from '../../../platform/data/useCommand.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { useAdminParams } from '../useAdminCommand.ts';

/** The organization's credentials, their limit and each channel's provider (listCredentials). */
export function useCredentials() {
  const { sessionChannel } = usePlatform();
  return useCommand(sessionChannel, 'listCredentials', useAdminParams());
}
