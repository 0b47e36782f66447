import { commandKey } from '../../platform/data/useCommand.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import type { useUserProfile } from '../../platform/session/useUserProfile.ts';

type UserProfile = ReturnType<typeof useUserProfile>['data'];

/**
 * Keeps the settings updateUserSettings answered: in the stored session and in the cached profile, so the
 * next change is written over them (the server replaces the whole object).
 */
export function useStoreUserSettings(): (settings: Record<string, unknown>) => void {
  const { sessionStore, sessionChannel, queryClient } = usePlatform();
  const { sessionId } = useSession();
  return (settings) => {
    sessionStore.updateSettings(settings);
    if (!sessionId) return;
    queryClient.setQueryData(
      commandKey(sessionChannel, 'getUserProfile', { sessionId }),
      (user: UserProfile) => (user ? { ...user, settings } : user),
    );
  };
}
