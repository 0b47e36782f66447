import { HeraldError } from '@herald/protocol';
import type { LiveSession } from './session-service.ts';

/**
 * The session authorize() put in the context of a `session` or `admin` command. Its absence is a
 * registration mistake (a handler that needs a session declared as public), answered as an invalid session.
 */
export function liveSession(session: LiveSession | undefined): LiveSession {
  if (!session) throw new HeraldError('InvalidSessionError');
  return session;
}
