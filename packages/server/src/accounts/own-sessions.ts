import type { sessionCommands } from '@herald/protocol';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import type { LiveSession } from '../sessions/session-service.ts';

type UserSessionRecord = z.output<typeof sessionCommands.listUserSessions.result>['records'][number];

/**
 * The handle the account page shows for a session: the first 16 hex digits of the stored hash. It names a
 * session among its user's few without being the session id or enough of its hash to be worth anything.
 */
export function sessionHandle(idHash: string): string {
  return idHash.slice(0, 16);
}

/** The caller's live sessions, newest first, with the one asking marked as current. */
export async function listOwnSessions(services: Services, caller: LiveSession): Promise<UserSessionRecord[]> {
  const sessions = await services.sessions.listForUser(caller.userId);
  return sessions.map((session) => ({
    id: sessionHandle(session.id_hash),
    current: session.id_hash === caller.idHash,
    createdAt: session.created_at.toISOString(),
    lastSeenAt: session.last_seen_at.toISOString(),
    expiresAt: earlier(session.idle_expires_at, session.absolute_expires_at).toISOString(),
  }));
}

/** One of the user's own live sessions by its handle; undefined for anyone else's or an ended one. */
export async function ownSessionByHandle(services: Services, userId: number, handle: string) {
  const sessions = await services.sessions.listForUser(userId);
  return sessions.find((session) => sessionHandle(session.id_hash) === handle);
}

function earlier(first: Date, second: Date): Date {
  return first < second ? first : second;
}
