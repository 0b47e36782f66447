import type { ConnectionState } from '../channels/connection-state.ts';

/** How long a proven second factor carries over to the next createSession call on the same socket. */
export const SECOND_FACTOR_GRANT_MS = 10 * 60_000;

interface Grant {
  userId: number;
  expiresAt: number;
}

// Keyed by the socket's state object, so a grant dies with its connection and never crosses to another one.
const grants = new WeakMap<ConnectionState, Grant>();

/**
 * A second factor proven on this connection while the sign-in could not finish yet (a new password is asked
 * for). The code has been used up, so the call that brings the new password cannot repeat it (and the web app
 * does not send it again); it still repeats the password.
 */
export function grantSecondFactor(connection: ConnectionState, userId: number, now: Date): void {
  grants.set(connection, { userId, expiresAt: now.getTime() + SECOND_FACTOR_GRANT_MS });
}

export function hasSecondFactorGrant(connection: ConnectionState, userId: number, now: Date): boolean {
  const grant = grants.get(connection);
  return grant !== undefined && grant.userId === userId && grant.expiresAt > now.getTime();
}

export function clearSecondFactorGrant(connection: ConnectionState): void {
  grants.delete(connection);
}
