import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
}

export async function recordInOutbox(
  db: Kysely<Database>,
  message: { to: string; subject: string; text: string; html?: string | undefined },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markSent(db: Kysely<Database>, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ sent_at: now, error: null, next_attempt_at: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Records a refused delivery, and when to try again (mail-retries.ts decides; null: not again). */
export async function markFailed(
  db: Kysely<Database>,
  id: number,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ error, next_attempt_at: nextAttemptAt, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The outbox of one organization, newest first, for its administrators: messages to its own users, and,
 * when asked (no SMTP server configured), to addresses that belong to no organization yet (sign-ups), whose
 * codes could not reach them any other way. Messages to other organizations' users never show.
 */
export async function listOutbox(
  db: Kysely<Database>,
  scope: { organizationId: number; includeUnaffiliated: boolean },
  limit: number,
  offset: number,
): Promise<{ records: OutboxMessage[]; total: number }> {
  const visible = db.selectFrom('outbox').where((eb) => {
    const accountOf = (organizationFilter: 'member' | 'any') =>
      eb.exists(
        eb
          .selectFrom('user_account')
          .innerJoin('organization_access', 'organization_access.user_id', 'user_account.id')
          .select('user_account.id')
          .where((inner) =>
            inner(inner.fn('lower', ['user_account.email']), '=', inner.fn('lower', ['outbox.recipient'])),
          )
          .$if(organizationFilter === 'member', (query) =>
            query.where('organization_access.organization_id', '=', scope.organizationId),
          ),
      );
    return scope.includeUnaffiliated
      ? eb.or([accountOf('member'), eb.not(accountOf('any'))])
      : accountOf('member');
  });
  const [rows, count] = await Promise.all([
    visible
      .select(['id', 'recipient', 'subject', 'body', 'created_at', 'sent_at', 'error', 'next_attempt_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    visible.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      error: row.error,
      nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    })),
    total: Number(count.total),
  };
}
