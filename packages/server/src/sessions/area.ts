import { defineArea } from '../area.ts';
import { sessionLifecycleCommands } from './session-commands.ts';

/** Sign-in, sessions and their lifecycle (platform §8). */
export const sessionsArea = defineArea({
  name: 'sessions',
  sessionCommands: sessionLifecycleCommands,
});
