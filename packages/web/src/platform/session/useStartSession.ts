import type { User } from '@herald/protocol';
import { commandKey } from '../data/useCommand.ts';
import { usePlatform } from '../platformContext.ts';

/** Keeps a session the server just created (sign-in, single sign-on, sign-up) and the profile it came with. */
export function useStartSession(): (sessionId: string, user: User) => void {
  const { sessionChannel, sessionStore, queryClient } = usePlatform();
  return (sessionId, user) => {
    sessionStore.signIn(sessionId, user);
    // The screens that follow need not ask for the profile again.
    queryClient.setQueryData(commandKey(sessionChannel, 'getUserProfile', { sessionId }), user);
  };
}
