import { SESSION_IDLE_TIMEOUT_MS } from '@herald/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

export interface TouchedSession {
  idHash: string;
  userId: number;
  expiresAt: Date;
}

interface PendingTouch {
  idHash: string;
  clientHash: string | null;
  resolve(session: TouchedSession | undefined): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 500;

/**
 * Checks and touches sessions in batches: every check that arrives in one turn of the event loop goes to
 * the database as a single UPDATE … FROM unnest(…) RETURNING. The heartbeat of many browsers then costs one
 * statement per batch instead of one per browser, which is what lets one process renew thousands of
 * sessions a second on the embedded database. The cookie binding stays in SQL: a session is only touched
 * by a request from the browser it is bound to.
 */
export class SessionTouchBatch {
  readonly #db: Kysely<Database>;
  #pending: PendingTouch[] = [];
  #scheduled = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  touch(idHash: string, clientHash: string | null): Promise<TouchedSession | undefined> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ idHash, clientHash, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    const { batch, later } = takeBatch(this.#pending);
    this.#pending = later;
    if (later.length > 0) {
      this.#scheduled = true;
      setImmediate(() => void this.#flush());
    }
    try {
      const touched = await this.#update(batch);
      for (const pending of batch) pending.resolve(touched.get(key(pending)));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  async #update(batch: PendingTouch[]): Promise<Map<string, TouchedSession>> {
    const now = new Date();
    const idle = new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS);
    const result = await sql<{
      id_hash: string;
      client_hash: string | null;
      user_id: number;
      idle_expires_at: Date;
    }>`
      UPDATE user_session AS s
      SET last_seen_at = ${now}, idle_expires_at = least(${idle}::timestamptz, s.absolute_expires_at)
      FROM unnest(${batch.map((pending) => pending.idHash)}::text[], ${batch.map((pending) => pending.clientHash)}::text[])
        AS r(id_hash, client_hash)
      WHERE s.id_hash = r.id_hash
        AND (s.client_hash IS NULL OR s.client_hash = r.client_hash)
        AND s.ended_at IS NULL
        AND s.idle_expires_at > ${now}
        AND s.absolute_expires_at > ${now}
      RETURNING s.id_hash, r.client_hash, s.user_id, s.idle_expires_at`.execute(this.#db);
    return new Map(
      result.rows.map((row) => [
        key({ idHash: row.id_hash, clientHash: row.client_hash }),
        { idHash: row.id_hash, userId: row.user_id, expiresAt: new Date(row.idle_expires_at) },
      ]),
    );
  }
}

function key(touch: { idHash: string; clientHash: string | null }): string {
  return `${touch.idHash}\u0000${touch.clientHash ?? ''}`;
}

/**
 * Up to MAX_BATCH requests with distinct session ids: one UPDATE touches a row once, so a second request for
 * the same session (from the same browser or not) waits for the next batch and gets its own answer.
 */
export function takeBatch<T extends { idHash: string }>(pending: T[]): { batch: T[]; later: T[] } {
  const batch: T[] = [];
  const later: T[] = [];
  const seen = new Set<string>();
  for (const touch of pending) {
    if (batch.length < MAX_BATCH && !seen.has(touch.idHash)) {
      seen.add(touch.idHash);
      batch.push(touch);
    } else {
      later.push(touch);
    }
  }
  return { batch, later };
}
