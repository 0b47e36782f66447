import { useCommand } from '../data/useCommand.ts';
import { usePlatform } from '../platformContext.ts';
import { useSession } from './useSession.ts';

/** The signed-in user with their organizations, roles and capabilities (getUserProfile). */
export function useUserProfile() {
  const { sessionChannel } = usePlatform();
  const { sessionId } = useSession();
  return useCommand(sessionChannel, 'getUserProfile', sessionId ? { sessionId } : null, {
    staleTime: 60_000,
  });
}
