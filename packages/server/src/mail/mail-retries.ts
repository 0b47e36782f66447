import { sql, type Kysely } from 'kysely';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { Database } from '../database/schema.ts';
import { markFailed } from './outbox.ts';

/**
 * When refused mail is tried again: after 1, 5, 15 and 30 minutes, and never later than an hour after it was
 * written, since the codes Herald mails (sign-up, password reset) have expired by then. An object so tests
 * can shorten it, as jobTimings.
 */
export const mailRetryTimings = {
  delaysMs: [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000],
  giveUpAfterMs: 60 * 60_000,
};

/** The system job (jobs/job-runner.ts handleSystemJob) that tries a refused message again when it is due. */
export const MAIL_RETRY_JOB = 'mailRetry';

/** When a message refused at its `attempts`-th try (1-based) is tried next, or null to give up. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const delay = mailRetryTimings.delaysMs[attempts - 1];
  if (delay === undefined) return null;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > mailRetryTimings.giveUpAfterMs ? null : next;
}

export interface RetriedMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Records a refused delivery and, when `nextAttemptAt` is set, queues its retry job for then, together: the
 * outbox shows the reason and the next try, and the job is what makes the try happen.
 */
export async function recordRefusal(
  db: Kysely<Database>,
  outboxId: number,
  reason: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await markFailed(trx, outboxId, reason, nextAttemptAt);
    if (nextAttemptAt === null) return;
    await enqueueJob(trx, {
      organizationId: null,
      kind: MAIL_RETRY_JOB,
      name: `outbox ${outboxId}`,
      params: { outboxId },
      createdBy: null,
      runAt: nextAttemptAt,
    });
  });
}

/**
 * Takes a refused message for its retry, clearing its next try as it does: a retry job run twice (its process
 * died mid-send and another took it over) finds nothing the second time, so a message is never sent twice by
 * the retries; the dead process's try is lost instead. Answers undefined when it is sent or not waiting.
 */
export async function takeRetry(db: Kysely<Database>, outboxId: number): Promise<RetriedMessage | undefined> {
  const row = (
    await sql<{
      id: number;
      recipient: string;
      subject: string;
      body: string;
      html: string | null;
      attempts: number;
      created_at: Date;
    }>`UPDATE outbox SET next_attempt_at = NULL
      WHERE id = ${outboxId} AND sent_at IS NULL AND next_attempt_at IS NOT NULL
      RETURNING id, recipient, subject, body, html, attempts, created_at`.execute(db)
  ).rows[0];
  return (
    row && {
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.html !== null ? { html: row.html } : {}),
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
    }
  );
}
