import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAttemptAt } from '../src/mail/mail-retries.ts';
import { listOutbox } from '../src/mail/outbox.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

const MINUTE = 60_000;

/** Mail the SMTP server refuses is tried again on a schedule, through a real SMTP peer that refuses, then takes it. */
describe('mail retries', () => {
  let smtp: SmtpPeer;
  let herald: TestHerald;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    herald = await startTestHerald({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await herald?.stop();
    await smtp?.stop();
  });

  const outboxRow = (to: string) =>
    herald.database.db
      .selectFrom('outbox')
      .select(['id', 'attempts', 'next_attempt_at', 'sent_at', 'error', 'created_at'])
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();

  it('tries refused mail again when it is due, and records the delivery', async () => {
    const to = 'retry-me@example.test';
    smtp.refuseWith = 'Mailbox busy, try later';
    try {
      await herald.services.mailer.send({ to, subject: 'Your code', text: '123456' });
    } finally {
      smtp.refuseWith = undefined;
    }
    const refused = await outboxRow(to);
    expect(refused).toMatchObject({ attempts: 1, sent_at: null });
    expect(refused.error).toMatch(/Mailbox busy/);
    expect(
      new Date(refused.next_attempt_at!).getTime() - new Date(refused.created_at).getTime(),
    ).toBeGreaterThanOrEqual(MINUTE);

    // Administrators see why it was refused and when it is tried next.
    const { records } = await listOutbox(
      herald.database.db,
      { organizationId: 0, includeUnaffiliated: true },
      500,
      0,
    );
    expect(records.find((record) => record.id === refused.id)).toMatchObject({
      error: expect.stringMatching(/Mailbox busy/),
      nextAttemptAt: new Date(refused.next_attempt_at!).toISOString(),
      sentAt: null,
    });

    // Not yet due: nothing is tried.
    expect(await herald.services.mailer.retryDue(new Date(), [refused.id])).toBe(0);
    expect(smtp.messagesTo(to)).toHaveLength(0);

    const dueAt = new Date(new Date(refused.next_attempt_at!).getTime() + 1);
    expect(await herald.services.mailer.retryDue(dueAt, [refused.id])).toBe(1);
    const delivered = await smtp.waitForMessageTo(to);
    expect(delivered.body).toContain('123456');
    const sent = await outboxRow(to);
    expect(sent).toMatchObject({ attempts: 2, next_attempt_at: null, error: null });
    expect(sent.sent_at).not.toBeNull();
    // Taken once: a second pass finds nothing more to send.
    expect(await herald.services.mailer.retryDue(dueAt, [refused.id])).toBe(0);
  });

  it('gives up after its last retry, or once its codes would have expired', async () => {
    const to = 'never@example.test';
    smtp.refuseWith = 'No such mailbox';
    try {
      await herald.services.mailer.send({ to, subject: 'Your code', text: '654321' });
      let row = await outboxRow(to);
      for (let retry = 0; row.next_attempt_at !== null; retry += 1) {
        expect(retry).toBeLessThan(4);
        expect(await herald.services.mailer.retryDue(new Date(row.next_attempt_at), [row.id])).toBe(1);
        row = await outboxRow(to);
      }
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.sent_at).toBeNull();
      expect(row.error).toMatch(/No such mailbox/);
    } finally {
      smtp.refuseWith = undefined;
    }
    expect(smtp.messagesTo(to)).toHaveLength(0);
  });

  it('schedules retries after 1, 5, 15 and 30 minutes, never past an hour from the message', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(created.getTime() + minutes * MINUTE);
    expect(nextAttemptAt(1, created, at(0))).toEqual(at(1));
    expect(nextAttemptAt(2, created, at(1))).toEqual(at(6));
    expect(nextAttemptAt(3, created, at(6))).toEqual(at(21));
    expect(nextAttemptAt(4, created, at(21))).toEqual(at(51));
    expect(nextAttemptAt(5, created, at(51))).toBeNull();
    // A message whose retries fell behind (the server was down) is not sent after its hour.
    expect(nextAttemptAt(2, created, at(58))).toBeNull();
  });
});
