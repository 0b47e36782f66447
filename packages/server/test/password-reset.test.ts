import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChannelClient } from './support/channel-client.ts';
import { createOrganization, createUser, organizationConnection, signedIn } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { oneTimeCodeIn, SmtpPeer } from './support/smtp-peer.ts';

const NEW_PASSWORD = 'another long passphrase';
const INCORRECT_CODE = {
  type: 'IncorrectCodeError',
  message: 'The code you entered is incorrect. Please try again.',
};

describe('password reset with a code mailed through SMTP', () => {
  let smtp: SmtpPeer;
  let herald: TestHerald;
  let client: ChannelClient;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    herald = await startTestHerald({ smtpUrl: smtp.url });
    client = await ChannelClient.open(herald.wsUrl('session'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    client.close();
    await herald.services.mailer.settled();
    await herald.stop();
    await smtp.stop();
  });

  /** Asks for a code for the user and reads it from the message the SMTP peer received. */
  async function requestCode(email: string): Promise<string> {
    const already = smtp.messagesTo(email).length;
    expect(await client.call('resetPassword', { email })).toEqual({});
    const message = await smtp.waitForMessageTo(email, { already });
    expect(message.subject).toBe('Your Herald password reset code');
    return oneTimeCodeIn(message);
  }

  it('sets a new password with the mailed code and ends every session of the user', async () => {
    const organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Content.Edit'] }]);
    const first = await signedIn(herald, user);
    const second = await signedIn(herald, user);
    const organizationChannel = await organizationConnection(
      herald,
      first.session,
      first.sessionId,
      organizationId,
    );
    const revoked = organizationChannel.nextPush('authenticationRevoked', 2_000);

    const code = await requestCode(user.email);
    expect(
      await client.call('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD }),
    ).toEqual({});

    for (const { session, sessionId } of [first, second]) {
      expect((await session.request('getUserProfile', { sessionId })).error?.type).toBe(
        'InvalidSessionError',
      );
      session.close();
    }
    expect(await revoked).toMatchObject({ data: { reason: 'sessionEnded' } });
    organizationChannel.close();
    expect(
      (await client.request('createSession', { email: user.email, password: user.password })).error?.type,
    ).toBe('InvalidPasswordError');
    await client.call('createSession', { email: user.email, password: NEW_PASSWORD });

    const audit = await herald.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_user_id', '=', user.id)
      .where('action', '=', 'password.reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: user.id, details: { purpose: 'passwordReset' } });
  });

  it('clears a pending forced password change', async () => {
    const user = await createUser(herald);
    await herald.database.db
      .updateTable('user_account')
      .set({ must_change_password: true })
      .where('id', '=', user.id)
      .execute();
    const code = await requestCode(user.email);
    await client.call('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD });
    const account = await herald.database.db
      .selectFrom('user_account')
      .select('must_change_password')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.must_change_password).toBe(false);
  });

  it('accepts the code typed with spaces or dashes, and the address in another case', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    await client.call('resetPassword', {
      email: user.email.toUpperCase(),
      otpCode: ` ${code.slice(0, 4)}-${code.slice(4)} `,
      newPassword: NEW_PASSWORD,
    });
    await client.call('createSession', { email: user.email, password: NEW_PASSWORD });
  });

  it('accepts a code once', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    await client.call('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD });
    expect(
      (
        await client.request('resetPassword', {
          email: user.email,
          otpCode: code,
          newPassword: 'yet another passphrase',
        })
      ).error,
    ).toEqual(INCORRECT_CODE);
    await client.call('createSession', { email: user.email, password: NEW_PASSWORD });
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    const replies = await Promise.all(
      ['first racing passphrase', 'second racing passphrase'].map((newPassword) =>
        client.request('resetPassword', { email: user.email, otpCode: code, newPassword }),
      ),
    );
    expect(replies.filter((reply) => reply.error === undefined)).toHaveLength(1);
    expect(replies.find((reply) => reply.error)?.error).toEqual(INCORRECT_CODE);
  });

  it('checks a code without using it when no new password comes with it', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    expect(await client.call('resetPassword', { email: user.email, otpCode: code })).toEqual({});
    expect((await client.request('resetPassword', { email: user.email, otpCode: '00000000' })).error).toEqual(
      code === '00000000' ? undefined : INCORRECT_CODE,
    );
    await client.call('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD });
  });

  it('refuses a code after 15 minutes', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect(await client.call('resetPassword', { email: user.email, otpCode: code })).toEqual({});
    vi.setSystemTime(Date.now() + 60_000 + 1_000);
    expect(
      (await client.request('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD }))
        .error,
    ).toEqual(INCORRECT_CODE);
    vi.useRealTimers();
    await client.call('createSession', { email: user.email, password: user.password });
  });

  it('burns a code after five wrong entries', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    const wrong = code === '11111111' ? '22222222' : '11111111';
    // Sent at once: the limit holds against guesses in parallel too.
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.request('resetPassword', { email: user.email, otpCode: wrong, newPassword: NEW_PASSWORD }),
      ),
    );
    for (const reply of replies) expect(reply.error).toEqual(INCORRECT_CODE);
    expect(
      (await client.request('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD }))
        .error,
    ).toEqual(INCORRECT_CODE);

    // A new code works again.
    const fresh = await requestCode(user.email);
    await client.call('resetPassword', { email: user.email, otpCode: fresh, newPassword: NEW_PASSWORD });
  });

  it('still takes the right code after four wrong entries', async () => {
    const user = await createUser(herald);
    const code = await requestCode(user.email);
    const wrong = code === '11111111' ? '22222222' : '11111111';
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await client.request('resetPassword', { email: user.email, otpCode: wrong })).error).toEqual(
        INCORRECT_CODE,
      );
    }
    await client.call('resetPassword', { email: user.email, otpCode: code, newPassword: NEW_PASSWORD });
  });

  it('replaces an earlier code with a newer one', async () => {
    const user = await createUser(herald);
    const older = await requestCode(user.email);
    const newer = await requestCode(user.email);
    if (older !== newer) {
      expect((await client.request('resetPassword', { email: user.email, otpCode: older })).error).toEqual(
        INCORRECT_CODE,
      );
    }
    await client.call('resetPassword', { email: user.email, otpCode: newer, newPassword: NEW_PASSWORD });
  });

  it('answers an unknown address as a known one and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    expect(await client.call('resetPassword', { email: unknown })).toEqual({});
    expect(
      (
        await client.request('resetPassword', {
          email: unknown,
          otpCode: '12345678',
          newPassword: NEW_PASSWORD,
        })
      ).error,
    ).toEqual(INCORRECT_CODE);
    // A known address asked after it gets its message; by then the unknown one would have had its own.
    const known = await createUser(herald);
    await requestCode(known.email);
    await herald.services.mailer.settled();
    expect(smtp.messagesTo(unknown)).toHaveLength(0);
    const outbox = await herald.database.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', unknown)
      .execute();
    expect(outbox).toHaveLength(0);
  });

  it('sends nothing to a disabled account', async () => {
    const user = await createUser(herald);
    await herald.database.db
      .updateTable('user_account')
      .set({ disabled: true })
      .where('id', '=', user.id)
      .execute();
    expect(await client.call('resetPassword', { email: user.email })).toEqual({});
    await herald.services.mailer.settled();
    expect(smtp.messagesTo(user.email)).toHaveLength(0);
  });

  it('sends at most five codes an hour to one account, answering alike', async () => {
    const user = await createUser(herald);
    for (let request = 0; request < 5; request++) await requestCode(user.email);
    expect(await client.call('resetPassword', { email: user.email })).toEqual({});
    await herald.services.mailer.settled();
    expect(smtp.messagesTo(user.email)).toHaveLength(5);
  });

  it('answers ValidationError for a malformed request', async () => {
    expect((await client.request('resetPassword', {})).error?.type).toBe('MissingParameterError');
    expect((await client.request('resetPassword', { email: 'a@example.test', otpCode: 5 })).error?.type).toBe(
      'ValidationError',
    );
  });
});
