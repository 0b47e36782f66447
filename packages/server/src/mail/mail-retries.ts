import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/**
 * When refused mail is tried again: after 1, 5, 15 and 30 minutes, and never later than an hour after it was
 * written, since the codes Herald mails (sign-up, password reset) have expired by then. An object so tests
 * can shorten it, as jobTimings.
 */
export const mailRetryTimings = {
  delaysMs: [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000],
  giveUpAfterMs: 60 * 60_000,
  /** How often a process looks for mail due again. */
  tickMs: 30_000,
};

/** When a message refused at its `attempts`-th try (1-based) is tried next, or null to give up. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const delay = mailRetryTimings.delaysMs[attempts - 1];
  if (delay === undefined) return null;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > mailRetryTimings.giveUpAfterMs ? null : next;
}

export interface DueMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Takes the refused messages due by `now`, a few at a time, clearing their due time as it takes them: two
 * processes never take the same message (SKIP LOCKED), and a process that dies mid-send loses only that
 * retry, never sends twice on its own.
 */
export async function takeDueMessages(
  db: Kysely<Database>,
  now: Date,
  /** Only these messages (tests: a shared database holds other processes' mail too). */
  ids?: readonly number[],
  limit = 20,
): Promise<DueMessage[]> {
  const taken = await sql<{
    id: number;
    recipient: string;
    subject: string;
    body: string;
    attempts: number;
    created_at: Date;
  }>`UPDATE outbox SET next_attempt_at = NULL
    WHERE id IN (SELECT id FROM outbox WHERE next_attempt_at <= ${now} AND sent_at IS NULL
        ${ids ? sql`AND id = ANY(${[...ids]}::integer[])` : sql``}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, body, attempts, created_at`.execute(db);
  return taken.rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
  }));
}
