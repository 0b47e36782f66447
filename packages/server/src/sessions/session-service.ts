import { HeraldError, SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { ConnectionState } from '../channels/connection-state.ts';
import type { Database } from '../database/schema.ts';
import { hashSecret, newSessionId } from './session-ids.ts';
import { SessionTouchBatch } from './session-touch-batch.ts';

export interface LiveSession {
  idHash: string;
  userId: number;
  /** When the session goes idle unless used again (never after its absolute end). */
  expiresAt: Date;
}

/**
 * Sessions: 256-bit ids stored hashed, bound to the browser's `herald_client` cookie when the signing-in
 * connection carried one, idle after 30 minutes without a heartbeat, over after 12 hours whatever happens.
 */
export class SessionService {
  readonly #db: Kysely<Database>;
  /** Told which user's sessions ended, so open organization connections can be de-authenticated. */
  onSessionsEnded: (userId: number) => Promise<void> = async () => {};

  readonly #touches: SessionTouchBatch;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#touches = new SessionTouchBatch(db);
  }

  async create(userId: number, connection: ConnectionState, now = new Date()): Promise<string> {
    const sessionId = newSessionId();
    await this.#db
      .insertInto('user_session')
      .values({
        id_hash: hashSecret(sessionId),
        user_id: userId,
        client_hash: connection.clientHash,
        created_at: now,
        last_seen_at: now,
        idle_expires_at: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS),
        absolute_expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
      })
      .execute();
    return sessionId;
  }

  /**
   * The live session named by `sessionId`, used from `connection`; otherwise InvalidSessionError. Using a
   * session is activity: the same single statement that checks it pushes its idle deadline forward (never
   * past the absolute one), so the 60 s heartbeat and every other command keep it alive at one query each.
   */
  async requireSession(
    sessionId: string,
    connection: Pick<ConnectionState, 'clientHash'>,
  ): Promise<LiveSession> {
    const session = await this.#touches.touch(hashSecret(sessionId), connection.clientHash);
    if (!session) throw new HeraldError('InvalidSessionError');
    return session;
  }

  /** Whether the session behind an organization connection is still alive (by its stored hash). */
  async isLive(idHash: string, now = new Date()): Promise<boolean> {
    return (await this.findLive(idHash, now)) !== undefined;
  }

  async end(idHash: string, now = new Date()): Promise<void> {
    const ended = await this.#db
      .updateTable('user_session')
      .set({ ended_at: now })
      .where('id_hash', '=', idHash)
      .where('ended_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (ended) await this.onSessionsEnded(ended.user_id);
  }

  /** Ends every live session of a user (a password change or reset, an administrator's action), but one. */
  async endAllForUser(
    userId: number,
    options: { exceptIdHash?: string } = {},
    now = new Date(),
  ): Promise<number> {
    let query = this.#db
      .updateTable('user_session')
      .set({ ended_at: now })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null);
    if (options.exceptIdHash) query = query.where('id_hash', '!=', options.exceptIdHash);
    const result = await query.executeTakeFirst();
    const ended = Number(result.numUpdatedRows);
    if (ended > 0) await this.onSessionsEnded(userId);
    return ended;
  }

  /** A user's live sessions, newest first, for the account page. */
  listForUser(userId: number, now = new Date()) {
    return this.#db
      .selectFrom('user_session')
      .select(['id_hash', 'created_at', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at'])
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  private findLive(idHash: string, now: Date) {
    return this.#db
      .selectFrom('user_session')
      .select(['id_hash', 'user_id', 'client_hash'])
      .where('id_hash', '=', idHash)
      .where('ended_at', 'is', null)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .executeTakeFirst();
  }
}
