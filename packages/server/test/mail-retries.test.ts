import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAttemptAt } from '../src/mail/mail-retries.ts';
import type { MailMessage } from '../src/mail/mailer.ts';
import { listOutbox } from '../src/mail/outbox.ts';
import { connectAs } from './subscriber-fixtures.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

const MINUTE = 60_000;

/**
 * Mail the SMTP server refuses is tried again by 'mailRetry' jobs on a schedule, through a real SMTP peer that
 * refuses, then takes it.
 */
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

  /** The latest message to `to` (a database shared with earlier runs holds theirs too). */
  const outboxRow = (to: string) =>
    herald.database.db
      .selectFrom('outbox')
      .select(['id', 'attempts', 'next_attempt_at', 'sent_at', 'error', 'created_at'])
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  /** Sends a message the SMTP peer refuses with `reason`. */
  async function sendRefused(message: MailMessage, reason: string): Promise<void> {
    smtp.refuseWith = reason;
    try {
      await herald.services.mailer.send(message);
    } finally {
      smtp.refuseWith = undefined;
    }
  }

  /** The message's retry jobs, oldest first. */
  const retryJobs = (outboxId: number) =>
    herald.database.db
      .selectFrom('job')
      .select(['id', 'organization_id', 'status', 'run_at'])
      .where('kind', '=', 'mailRetry')
      .where(sql<boolean>`params->>'outboxId' = ${String(outboxId)}`)
      .orderBy('id')
      .execute();

  /** Makes the retry job due now (as if its minutes had passed) and waits until it has run. */
  async function runRetryNow(jobId: number): Promise<void> {
    await sql`UPDATE job SET run_at = now() WHERE id = ${jobId}`.execute(herald.database.db);
    herald.services.jobs.poke();
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = await herald.database.db
        .selectFrom('job')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.status === 'succeeded') return;
      expect(job.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`retry job ${jobId} did not run`);
  }

  it('tries refused mail again when its retry job is due, and records the delivery', async () => {
    const to = 'retry-me@example.test';
    await sendRefused({ to, subject: 'Your code', text: '123456' }, 'Mailbox busy, try later');
    const refused = await outboxRow(to);
    expect(refused).toMatchObject({ attempts: 1, sent_at: null });
    expect(refused.error).toMatch(/Mailbox busy/);
    expect(
      new Date(refused.next_attempt_at!).getTime() - new Date(refused.created_at).getTime(),
    ).toBeGreaterThanOrEqual(MINUTE);

    // One retry job, of no organization, due at the next try.
    const [retry, ...more] = await retryJobs(refused.id);
    expect(more).toEqual([]);
    expect(retry).toMatchObject({ organization_id: null, status: 'queued' });
    expect(new Date(retry!.run_at).toISOString()).toBe(new Date(refused.next_attempt_at!).toISOString());

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

    // Not yet due: the runner leaves it (it looks several times a second).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await retryJobs(refused.id))[0]?.status).toBe('queued');
    expect(smtp.messagesTo(to)).toHaveLength(0);

    await runRetryNow(retry!.id);
    const delivered = await smtp.waitForMessageTo(to);
    expect(delivered.body).toContain('123456');
    const sent = await outboxRow(to);
    expect(sent).toMatchObject({ attempts: 2, next_attempt_at: null, error: null });
    expect(sent.sent_at).not.toBeNull();
    // Sent: no further retry is queued.
    expect((await retryJobs(refused.id)).map((job) => job.status)).toEqual(['succeeded']);
  });

  it('never shows a retry job to an organization', async () => {
    const organizationId = await createOrganization(herald);
    const admin = await connectAs(herald, organizationId, ['System.Admin']);
    try {
      const to = 'hidden@example.test';
      await sendRefused({ to, subject: 'Your code', text: '1' }, 'Mailbox busy');
      const [retry] = await retryJobs((await outboxRow(to)).id);
      const { records } = await admin.channel.call<{ records: unknown[] }>('query', {
        organizationId,
        query: { type: 'job', filter: { id: retry!.id } },
      });
      expect(records).toEqual([]);
      expect(
        (await admin.channel.request('cancelJob', { organizationId, jobId: retry!.id })).error?.type,
      ).toBe('NotFoundError');
      // Not left for another test's server sharing the database to try.
      await sql`UPDATE job SET status = 'cancelled' WHERE id = ${retry!.id}`.execute(herald.database.db);
    } finally {
      admin.close();
    }
  });

  it('gives up after its last retry, or once its codes would have expired', async () => {
    const to = 'never@example.test';
    smtp.refuseWith = 'No such mailbox';
    try {
      await herald.services.mailer.send({ to, subject: 'Your code', text: '654321' });
      let row = await outboxRow(to);
      for (let retry = 0; row.next_attempt_at !== null; retry += 1) {
        expect(retry).toBeLessThan(4);
        const queued = (await retryJobs(row.id)).filter((job) => job.status === 'queued');
        expect(queued).toHaveLength(1);
        await runRetryNow(queued[0]!.id);
        row = await outboxRow(to);
      }
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.sent_at).toBeNull();
      expect(row.error).toMatch(/No such mailbox/);
      expect((await retryJobs(row.id)).filter((job) => job.status === 'queued')).toEqual([]);
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
