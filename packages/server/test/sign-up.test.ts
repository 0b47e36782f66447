import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../src/mail/outbox.ts';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { oneTimeCodeIn, SmtpPeer } from './support/smtp-peer.ts';

const NEW_PASSWORD = 'a long enough new passphrase';

function newAddress(): string {
  return `signup-${randomUUID()}@example.test`;
}

async function outboxRowsTo(herald: TestHerald, address: string) {
  return herald.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', address)
    .orderBy('id')
    .execute();
}

describe('sign-up with a code mailed through SMTP', () => {
  let smtp: SmtpPeer;
  let herald: TestHerald;
  let client: ChannelClient;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    herald = await startTestHerald({ smtpUrl: smtp.url, mailFrom: 'Herald Test <herald@example.test>' });
    client = await ChannelClient.open(herald.wsUrl('session'));
  });
  afterAll(async () => {
    client.close();
    await herald.services.mailer.settled();
    await herald.stop();
    await smtp.stop();
  });

  it('creates the account, mails a code, and the code with a password completes the sign-up', async () => {
    const email = newAddress();
    const { id } = await client.call<{ id: number }>('createUser', { email, phone: '+62 21 555 0100' });
    expect(id).toBeGreaterThan(0);

    const mail = await smtp.waitForMessageTo(email);
    expect(mail.from).toBe('herald@example.test');
    expect(mail.subject).toBe('Confirm your Herald account');
    const code = oneTimeCodeIn(mail);
    expect(code).toMatch(/^\d{8}$/);
    expect(mail.subject).not.toContain(code);

    // Until the password is set, the account cannot sign in.
    expect((await client.request('createSession', { email, password: NEW_PASSWORD })).error?.type).toBe(
      'InvalidPasswordError',
    );

    expect(await client.call('resetPassword', { email, otpCode: code, newPassword: NEW_PASSWORD })).toEqual(
      {},
    );
    const signedIn = await client.call<{ sessionId: string; user: Record<string, unknown> }>(
      'createSession',
      { email, password: NEW_PASSWORD },
    );
    expect(signedIn.user).toMatchObject({ id, email, phone: '+62 21 555 0100', organizations: [] });

    const audit = await herald.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_user_id', '=', id)
      .where('action', '=', 'password.reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ purpose: 'signUp' });
  });

  it('stores the code hashed, never in clear', async () => {
    const email = newAddress();
    const { id } = await client.call<{ id: number }>('createUser', { email, phone: '' });
    const code = oneTimeCodeIn(await smtp.waitForMessageTo(email));
    const rows = await herald.database.db
      .selectFrom('account_code')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('answers DuplicateUserError for an address already in use, in any letter case', async () => {
    const existing = await createUser(herald);
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      expect((await client.request('createUser', { email, phone: 'n/a' })).error).toEqual({
        type: 'DuplicateUserError',
        message: 'This email address is already in use',
      });
    }
    const email = newAddress();
    await client.call('createUser', { email, phone: 'n/a' });
    expect((await client.request('createUser', { email, phone: 'n/a' })).error?.type).toBe(
      'DuplicateUserError',
    );
  });

  it('lets only one of two simultaneous sign-ups for one address through', async () => {
    const email = newAddress();
    const replies = await Promise.all([
      client.request('createUser', { email, phone: 'n/a' }),
      client.request('createUser', { email: email.toUpperCase(), phone: 'n/a' }),
    ]);
    expect(replies.filter((reply) => reply.result).length).toBe(1);
    expect(replies.find((reply) => reply.error)?.error?.type).toBe('DuplicateUserError');
  });

  it.each([
    'ana@example',
    'ana example.com',
    '@example.com',
    'ana@@example.com',
    'ana@x.test;y',
    'ana@x.test<script>',
  ])('answers EmailNotValidError for %s', async (email) => {
    expect((await client.request('createUser', { email, phone: 'n/a' })).error).toEqual({
      type: 'EmailNotValidError',
      message: 'Email is not valid',
    });
  });

  it('answers MissingParameterError when the address is missing', async () => {
    expect((await client.request('createUser', { phone: 'n/a' })).error?.type).toBe('MissingParameterError');
  });

  it('refuses a weak first password and keeps the code for a better one', async () => {
    const email = newAddress();
    await client.call('createUser', { email, phone: 'n/a' });
    const code = oneTimeCodeIn(await smtp.waitForMessageTo(email));
    for (const weak of ['short', 'password', '12345678']) {
      expect(
        (await client.request('resetPassword', { email, otpCode: code, newPassword: weak })).error,
      ).toEqual({ type: 'PasswordWeakError', message: 'Password is weak' });
    }
    await client.call('resetPassword', { email, otpCode: code, newPassword: NEW_PASSWORD });
    await client.call('createSession', { email, password: NEW_PASSWORD });
  });

  it('mails a fresh sign-up code when the first is lost, and the first stops working', async () => {
    const email = newAddress();
    await client.call('createUser', { email, phone: 'n/a' });
    const first = oneTimeCodeIn(await smtp.waitForMessageTo(email));
    expect(await client.call('resetPassword', { email })).toEqual({});
    const again = await smtp.waitForMessageTo(email, { already: 1 });
    expect(again.subject).toBe('Confirm your Herald account');
    const second = oneTimeCodeIn(again);
    const stale = await client.request('resetPassword', { email, otpCode: first, newPassword: NEW_PASSWORD });
    // Two random 8-digit codes are equal once in a hundred million runs; then the stale one is the new one.
    if (first !== second) expect(stale.error?.type).toBe('IncorrectCodeError');
    await client.call('resetPassword', { email, otpCode: second, newPassword: NEW_PASSWORD });
  });

  it('writes every message to the outbox and marks it sent', async () => {
    const email = newAddress();
    await client.call('createUser', { email, phone: 'n/a' });
    const code = oneTimeCodeIn(await smtp.waitForMessageTo(email));
    await herald.services.mailer.settled();
    const rows = await outboxRowsTo(herald, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Confirm your Herald account', error: null });
    expect(rows[0]?.body).toContain(code);
    expect(rows[0]?.sent_at).toBeInstanceOf(Date);

    const scope = { organizationId: await createOrganization(herald), includeUnaffiliated: true };
    const { records, total } = await listOutbox(herald.database.db, scope, 500, 0);
    expect(total).toBeGreaterThanOrEqual(1);
    const listed = records.find((record) => record.to === email);
    expect(listed).toMatchObject({ subject: 'Confirm your Herald account', error: null });
    expect(listed?.text).toContain(code);
    expect(typeof listed?.sentAt).toBe('string');
  });

  it('keeps a message the SMTP server refused in the outbox with the reason', async () => {
    const email = newAddress();
    smtp.refuseWith = 'Mailbox unavailable';
    try {
      await client.call('createUser', { email, phone: 'n/a' });
      await herald.services.mailer.settled();
    } finally {
      smtp.refuseWith = undefined;
    }
    const rows = await outboxRowsTo(herald, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sent_at).toBeNull();
    expect(rows[0]?.error).toContain('Mailbox unavailable');
    expect(smtp.messagesTo(email)).toHaveLength(0);
  });
});

describe('sign-up without SMTP', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    herald = await startTestHerald({ smtpUrl: undefined });
  });
  afterAll(async () => {
    await herald.services.mailer.settled();
    await herald.stop();
  });

  it('leaves the message in the outbox and logs that it waits there, without the code', async () => {
    const logged: unknown[][] = [];
    const spies = (['info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(herald.services.log, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    try {
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const email = newAddress();
      await client.call('createUser', { email, phone: 'n/a' });
      await herald.services.mailer.settled();
      client.close();

      const rows = await outboxRowsTo(herald, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ subject: 'Confirm your Herald account', sent_at: null, error: null });
      const code = /^\s*(\d{8})\s*$/m.exec(rows[0]?.body ?? '')?.[1];
      expect(code).toMatch(/^\d{8}$/);

      const waiting = logged.find((args) => String(args[1]).includes('waiting in the outbox'));
      expect(waiting?.[0]).toMatchObject({ to: email, subject: 'Confirm your Herald account' });
      expect(inspect(logged, { depth: 6 })).not.toContain(code);

      // The code from the outbox completes the sign-up, as an administrator would read it offline.
      const second = await ChannelClient.open(herald.wsUrl('session'));
      await second.call('resetPassword', { email, otpCode: code, newPassword: NEW_PASSWORD });
      await second.call('createSession', { email, password: NEW_PASSWORD });
      second.close();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
