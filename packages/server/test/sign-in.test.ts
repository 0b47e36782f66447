import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInThrottle } from '../src/sessions/sign-in-throttle.ts';
import type { ChannelClient } from './support/channel-client.ts';
import { createUser, TEST_PASSWORD } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import {
  enableTwoFactor,
  openSession,
  randomLoopbackAddress,
  unusedCode,
  wrongCode,
} from './support/two-factor.ts';

interface SignedIn {
  sessionId: string;
  user: { id: number; email: string; otp_enabled: boolean };
}

const NEW_PASSWORD = 'a brand new passphrase';

describe('createSession', () => {
  let herald: TestHerald;
  // The throttle's clock runs ahead of the real one by `clockOffset`, so tests skip delays instead of waiting.
  let clockOffset = 0;
  const advanceClock = (milliseconds: number) => {
    clockOffset += milliseconds;
  };

  beforeAll(async () => {
    herald = await startTestHerald();
    herald.services.signInThrottle = new SignInThrottle(herald.database.db, {
      now: () => new Date(Date.now() + clockOffset),
    });
  });
  afterAll(() => herald.stop());

  /** One request from its own socket (a fresh loopback address unless given), closed afterwards. */
  async function attempt(
    params: Record<string, unknown>,
    options: { address?: string; cookie?: string } = {},
  ) {
    const client = await openSession(herald, options);
    try {
      return await client.request('createSession', params);
    } finally {
      client.close();
    }
  }

  async function auditEntries(userId: number, action: string) {
    return herald.database.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'remote_address', 'actor_user_id'])
      .where('actor_user_id', '=', userId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  }

  describe('password step', () => {
    it('signs in, answers the user, and records the sign-in with its address', async () => {
      const user = await createUser(herald);
      const address = randomLoopbackAddress();
      const reply = await attempt({ email: user.email, password: user.password }, { address });
      const signedIn = reply.result as SignedIn;
      expect(signedIn.sessionId.length).toBeGreaterThanOrEqual(43);
      expect(signedIn.user).toMatchObject({ id: user.id, email: user.email, otp_enabled: false });
      expect(await auditEntries(user.id, 'signIn.succeeded')).toEqual([
        {
          action: 'signIn.succeeded',
          details: { email: user.email },
          remote_address: address,
          actor_user_id: user.id,
        },
      ]);
    });

    it.each([
      ['a wrong password', 'wrong'],
      ['an unknown address', 'unknown'],
      ['a disabled account', 'disabled'],
    ])('answers %s with InvalidPasswordError', async (_label, kind) => {
      const user = await createUser(herald);
      if (kind === 'disabled')
        await herald.database.db
          .updateTable('user_account')
          .set({ disabled: true })
          .where('id', '=', user.id)
          .execute();
      const params =
        kind === 'unknown'
          ? { email: `nobody-${randomUUID()}@example.test`, password: TEST_PASSWORD }
          : { email: user.email, password: kind === 'wrong' ? 'not the password' : user.password };
      const reply = await attempt(params);
      expect(reply.error).toEqual({
        type: 'InvalidPasswordError',
        message: 'Invalid email address or password',
      });
    });

    it('takes about as long for an unknown address as for a wrong password', async () => {
      const user = await createUser(herald);
      const client = await openSession(herald);
      const time = async (params: Record<string, unknown>) => {
        const startedAt = performance.now();
        await client.request('createSession', params);
        return performance.now() - startedAt;
      };
      const wrong: number[] = [];
      const unknown: number[] = [];
      // Five rounds (the account's five free failures), after one round to warm up.
      for (let round = 0; round < 6; round += 1) {
        const wrongTime = await time({ email: user.email, password: `wrong ${round}` });
        const unknownTime = await time({
          email: `nobody-${randomUUID()}@example.test`,
          password: 'whatever',
        });
        if (round === 0) continue;
        wrong.push(wrongTime);
        unknown.push(unknownTime);
      }
      client.close();
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
      // Both verify an argon2id hash, which dominates. Generous bounds keep a busy machine from failing it.
      expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
      expect(median(unknown)).toBeLessThan(median(wrong) * 3);
    });

    it('records a failed sign-in with the address tried and never the password', async () => {
      const user = await createUser(herald);
      const address = randomLoopbackAddress();
      await attempt({ email: user.email.toUpperCase(), password: 'secret-guess-123' }, { address });
      const entries = await auditEntries(user.id, 'signIn.failed');
      expect(entries).toEqual([
        {
          action: 'signIn.failed',
          details: { email: user.email, reason: 'password' },
          remote_address: address,
          actor_user_id: user.id,
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain('secret-guess-123');
    });
  });

  describe('two-factor step', () => {
    it('asks for the code, refuses a wrong one, accepts a right one once', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const credentials = { email: user.email, password: user.password };

      expect((await attempt(credentials)).error).toEqual({
        type: 'MissingOTPCodeRecoveryError',
        message: 'Please enter your OTP code or recovery key',
      });
      expect((await attempt({ ...credentials, otpCode: await wrongCode(twoFactor.secret) })).error).toEqual({
        type: 'InvalidOTPCodeRecoveryError',
        message: "Invalid OTP code or recovery key. Please confirm your phone's time is set correctly.",
      });
      // The wrong password still answers InvalidPasswordError, whatever the code.
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect((await attempt({ ...credentials, password: 'nope nope', otpCode: code })).error?.type).toBe(
        'InvalidPasswordError',
      );

      const signedIn = (await attempt({ ...credentials, otpCode: code })).result as SignedIn;
      expect(signedIn.user).toMatchObject({ id: user.id, otp_enabled: true });
      // A code already used is not a clock problem: its own message says to wait for the next code.
      const replayed = await attempt({ ...credentials, otpCode: code });
      expect(replayed.error).toEqual({
        type: 'OTPCodeUsedError',
        message: 'This code has already been used. Please wait for the next code and enter it.',
      });
    });

    it('refuses the code that turned two-factor on, and any earlier one', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const { code: enabling } = await unusedCode(twoFactor.secret, twoFactor.usedStep - 1);
      const reply = await attempt({ email: user.email, password: user.password, otpCode: enabling });
      expect(reply.error?.type).toBe('OTPCodeUsedError');
    });

    it('accepts a recovery code once, however it is typed, and records its use', async () => {
      const user = await createUser(herald);
      const { recoveryCodes } = await enableTwoFactor(herald, user);
      const recoveryCode = recoveryCodes[3] ?? '';
      const credentials = { email: user.email, password: user.password };
      const typed = ` ${recoveryCode.toUpperCase().replace('-', ' ')} `;
      const signedIn = (await attempt({ ...credentials, otpCode: typed })).result as SignedIn;
      expect(signedIn.user.id).toBe(user.id);
      expect((await attempt({ ...credentials, otpCode: recoveryCode })).error?.type).toBe(
        'InvalidOTPCodeRecoveryError',
      );
      expect(await auditEntries(user.id, 'twoFactor.recoveryCodeUsed')).toHaveLength(1);
      // The other codes still work.
      expect((await attempt({ ...credentials, otpCode: recoveryCodes[4] })).result).toMatchObject({
        user: { id: user.id },
      });
    });

    it('lets only one of two simultaneous sign-ins with the same code through', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      const params = { email: user.email, password: user.password, otpCode: code };
      const replies = await Promise.all([attempt(params), attempt(params)]);
      expect(replies.filter((reply) => reply.result !== undefined)).toHaveLength(1);
      expect(replies.filter((reply) => reply.error?.type === 'OTPCodeUsedError')).toHaveLength(1);
    });
  });

  describe('forced new password', () => {
    async function userWhoMustChangePassword() {
      const user = await createUser(herald);
      await herald.database.db
        .updateTable('user_account')
        .set({ must_change_password: true })
        .where('id', '=', user.id)
        .execute();
      return user;
    }

    it('asks for a new password, refuses a weak one, then signs in and ends the other sessions', async () => {
      const user = await createUser(herald);
      const earlier = await openSession(herald);
      const { sessionId: earlierSession } = await earlier.call<SignedIn>('createSession', {
        email: user.email,
        password: user.password,
      });
      await herald.database.db
        .updateTable('user_account')
        .set({ must_change_password: true })
        .where('id', '=', user.id)
        .execute();

      const client = await openSession(herald);
      const credentials = { email: user.email, password: user.password };
      expect(await client.call('createSession', credentials)).toEqual({ newPasswordRequired: true });
      // Asking for a new password opened no session: the earlier one still works.
      expect(await earlier.call('getUserProfile', { sessionId: earlierSession })).toMatchObject({
        id: user.id,
      });
      for (const weak of ['short', 'password1', '12345678'])
        expect((await client.request('createSession', { ...credentials, newPassword: weak })).error).toEqual({
          type: 'PasswordWeakError',
          message: 'Password is weak',
        });

      const signedIn = await client.call<SignedIn>('createSession', {
        ...credentials,
        newPassword: NEW_PASSWORD,
      });
      expect(signedIn.user.id).toBe(user.id);
      expect(await client.call('getUserProfile', { sessionId: signedIn.sessionId })).toMatchObject({
        id: user.id,
      });
      expect((await earlier.request('getUserProfile', { sessionId: earlierSession })).error?.type).toBe(
        'InvalidSessionError',
      );

      const account = await herald.database.db
        .selectFrom('user_account')
        .select(['must_change_password'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(account.must_change_password).toBe(false);
      expect((await attempt(credentials)).error?.type).toBe('InvalidPasswordError');
      expect((await attempt({ email: user.email, password: NEW_PASSWORD })).result).toMatchObject({
        user: { id: user.id },
      });
      expect(await auditEntries(user.id, 'password.changed')).toHaveLength(1);
      for (const socket of [earlier, client]) socket.close();
    });

    it('needs the password on the call that brings the new one', async () => {
      const user = await userWhoMustChangePassword();
      const reply = await attempt({
        email: user.email,
        password: 'not it at all',
        newPassword: NEW_PASSWORD,
      });
      expect(reply.error?.type).toBe('InvalidPasswordError');
    });

    it('after a code, takes the new password on the same connection without asking for another code', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      await herald.database.db
        .updateTable('user_account')
        .set({ must_change_password: true })
        .where('id', '=', user.id)
        .execute();
      const credentials = { email: user.email, password: user.password };
      const client = await openSession(herald);
      expect((await client.request('createSession', credentials)).error?.type).toBe(
        'MissingOTPCodeRecoveryError',
      );
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect(await client.call('createSession', { ...credentials, otpCode: code })).toEqual({
        newPasswordRequired: true,
      });
      // Another connection has proved nothing yet; the used code does not work there.
      const elsewhere = await openSession(herald);
      expect(
        (await elsewhere.request('createSession', { ...credentials, newPassword: NEW_PASSWORD })).error?.type,
      ).toBe('MissingOTPCodeRecoveryError');
      expect(
        (
          await elsewhere.request('createSession', {
            ...credentials,
            otpCode: code,
            newPassword: NEW_PASSWORD,
          })
        ).error?.type,
      ).toBe('OTPCodeUsedError');
      const signedIn = await client.call<SignedIn>('createSession', {
        ...credentials,
        newPassword: NEW_PASSWORD,
      });
      expect(signedIn.user).toMatchObject({ id: user.id, otp_enabled: true });
      // The proof was for that one sign-in: the next asks for a code again.
      expect(
        (await client.request('createSession', { email: user.email, password: NEW_PASSWORD })).error?.type,
      ).toBe('MissingOTPCodeRecoveryError');
      for (const socket of [client, elsewhere]) socket.close();
    });
  });

  describe('throttling', () => {
    const tooMany = {
      type: 'TooManyAttemptsError',
      message: 'Too many failed attempts. Please wait a few minutes and try again.',
    };

    it('slows an account down after five failures, doubling the wait, from any address', async () => {
      const user = await createUser(herald);
      const wrong = { email: user.email, password: 'wrong password' };
      const right = { email: user.email, password: user.password };
      for (let failure = 1; failure <= 6; failure += 1)
        expect((await attempt(wrong)).error?.type, `failure ${failure}`).toBe('InvalidPasswordError');
      // Six failures: the next attempt waits 2 s, even with the right password and from another address.
      expect((await attempt(right)).error).toEqual(tooMany);
      advanceClock(2_000);
      expect((await attempt(wrong)).error?.type).toBe('InvalidPasswordError');
      // Seven failures: 4 s.
      advanceClock(3_000);
      expect((await attempt(right)).error).toEqual(tooMany);
      advanceClock(1_000);
      expect((await attempt(right)).result).toMatchObject({ user: { id: user.id } });
      // The success forgot the account's failures: five more are free again.
      for (let failure = 1; failure <= 6; failure += 1)
        expect((await attempt(wrong)).error?.type, `failure ${failure} after success`).toBe(
          'InvalidPasswordError',
        );
      expect((await attempt(wrong)).error).toEqual(tooMany);
    });

    it('never waits more than 15 minutes, and a right password works once the wait is over', async () => {
      const user = await createUser(herald);
      const wrong = { email: user.email, password: 'wrong password' };
      for (let failure = 1; failure <= 5; failure += 1) await attempt(wrong);
      const waits: number[] = [];
      for (let failure = 6; failure <= 17; failure += 1) {
        expect((await attempt(wrong)).error?.type).toBe('InvalidPasswordError');
        const row = await herald.database.db
          .selectFrom('sign_in_throttle')
          .select(['blocked_until', 'last_failure_at'])
          .where('key', '=', `account:${user.email}`)
          .executeTakeFirstOrThrow();
        const wait = (row.blocked_until?.getTime() ?? 0) - row.last_failure_at.getTime();
        waits.push(wait / 1000);
        advanceClock(wait - 1_000);
        expect((await attempt(wrong)).error?.type).toBe('TooManyAttemptsError');
        advanceClock(1_000);
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
      expect((await attempt({ email: user.email, password: user.password })).result).toMatchObject({
        user: { id: user.id },
      });
    });

    it('forgets failures after 15 quiet minutes', async () => {
      const user = await createUser(herald);
      const wrong = { email: user.email, password: 'wrong password' };
      for (let failure = 1; failure <= 5; failure += 1) await attempt(wrong);
      advanceClock(15 * 60_000 + 1_000);
      for (let failure = 1; failure <= 6; failure += 1)
        expect((await attempt(wrong)).error?.type, `failure ${failure}`).toBe('InvalidPasswordError');
      expect((await attempt(wrong)).error?.type).toBe('TooManyAttemptsError');
    });

    it('slows an address down after twenty failures, for every account, and not other addresses', async () => {
      const address = randomLoopbackAddress();
      const user = await createUser(herald);
      for (let failure = 1; failure <= 21; failure += 1) {
        const reply = await attempt(
          { email: `guess-${randomUUID()}@example.test`, password: 'password1' },
          { address },
        );
        expect(reply.error?.type, `failure ${failure}`).toBe('InvalidPasswordError');
      }
      const right = { email: user.email, password: user.password };
      expect((await attempt(right, { address })).error).toEqual(tooMany);
      expect((await attempt(right)).result).toMatchObject({ user: { id: user.id } });
      advanceClock(2_000);
      expect((await attempt(right, { address })).result).toMatchObject({ user: { id: user.id } });
      // A success does not forget the address's failures: the next failure there waits 4 s.
      await attempt({ email: `guess-${randomUUID()}@example.test`, password: 'password1' }, { address });
      advanceClock(3_000);
      expect((await attempt(right, { address })).error).toEqual(tooMany);
    });

    it("does not count a local reverse proxy's address (127.0.0.1), which every client behind it shares", async () => {
      const user = await createUser(herald);
      const address = '127.0.0.1';
      for (let failure = 1; failure <= 22; failure += 1) {
        const reply = await attempt(
          { email: `guess-${randomUUID()}@example.test`, password: 'password1' },
          { address },
        );
        expect(reply.error?.type, `failure ${failure}`).toBe('InvalidPasswordError');
      }
      expect(
        (await attempt({ email: user.email, password: user.password }, { address })).result,
      ).toMatchObject({
        user: { id: user.id },
      });
      const counted = await herald.database.db
        .selectFrom('sign_in_throttle')
        .select('key')
        .where('key', '=', 'address:127.0.0.1')
        .execute();
      expect(counted).toEqual([]);
    });

    it('counts wrong two-factor codes as failures', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const credentials = { email: user.email, password: user.password };
      const wrong = await wrongCode(twoFactor.secret);
      for (let failure = 1; failure <= 6; failure += 1)
        expect((await attempt({ ...credentials, otpCode: wrong })).error?.type).toBe(
          'InvalidOTPCodeRecoveryError',
        );
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect((await attempt({ ...credentials, otpCode: code })).error?.type).toBe('TooManyAttemptsError');
      // Asking for the code is not a failure.
      advanceClock(2_000);
      for (let ask = 1; ask <= 3; ask += 1)
        expect((await attempt(credentials)).error?.type).toBe('MissingOTPCodeRecoveryError');
      expect((await attempt({ ...credentials, otpCode: code })).result).toMatchObject({
        user: { id: user.id },
      });
    });

    it('lets at most the free failures and one more through a burst of parallel guesses', async () => {
      const user = await createUser(herald);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          attempt({ email: user.email, password: `burst guess ${index}` }),
        ),
      );
      const types = replies.map((reply) => reply.error?.type);
      expect(types.filter((type) => type === 'InvalidPasswordError')).toHaveLength(6);
      expect(types.filter((type) => type === 'TooManyAttemptsError')).toHaveLength(10);
    });

    it("cannot lock the owner's browser out: a browser that signed in before has a counter of its own", async () => {
      const user = await createUser(herald);
      const cookie = randomBytes(24).toString('base64url');
      const right = { email: user.email, password: user.password };
      expect((await attempt(right, { cookie })).result).toMatchObject({ user: { id: user.id } });
      for (let failure = 1; failure <= 8; failure += 1)
        await attempt({ ...right, password: `guess ${failure}` });
      expect((await attempt(right)).error).toEqual(tooMany);
      expect((await attempt(right, { cookie: randomBytes(24).toString('base64url') })).error).toEqual(
        tooMany,
      );
      expect((await attempt(right, { cookie })).result).toMatchObject({ user: { id: user.id } });
    });

    it('lets the owner through a guessed-at account with the password and a second factor in one call', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const right = { email: user.email, password: user.password };
      for (let failure = 1; failure <= 8; failure += 1)
        await attempt({ ...right, password: `guess ${failure}` });
      // The guesser learns nothing: every answer is the throttle's, whatever the password.
      expect((await attempt(right)).error).toEqual(tooMany);
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect((await attempt({ ...right, password: 'guess 9', otpCode: code })).error).toEqual(tooMany);
      expect((await attempt({ ...right, otpCode: await wrongCode(twoFactor.secret) })).error).toEqual(
        tooMany,
      );
      // A browser the owner never used, another address: the password and the code get them in.
      expect((await attempt({ ...right, otpCode: code })).result).toMatchObject({ user: { id: user.id } });
    });

    it('does not let guessing at the codes pass that way: wrong codes have a counter of their own', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const right = { email: user.email, password: user.password };
      const wrong = await wrongCode(twoFactor.secret);
      for (let failure = 1; failure <= 6; failure += 1) await attempt({ ...right, otpCode: wrong });
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect((await attempt({ ...right, otpCode: code })).error).toEqual(tooMany);
    });

    it('lets the owner without two-factor back in from the browser where they reset the password by mailed code', async () => {
      const user = await createUser(herald);
      for (let failure = 1; failure <= 8; failure += 1)
        await attempt({ email: user.email, password: `guess ${failure}` });
      const cookie = randomBytes(24).toString('base64url');
      const owner = await openSession(herald, { cookie });
      try {
        await owner.call('resetPassword', { email: user.email });
        // The mail goes out after the answer: read its code from the outbox once it is there.
        const mailedCode = async () => {
          const mail = await herald.database.db
            .selectFrom('outbox')
            .select('body')
            .where('recipient', '=', user.email)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          return /^\s*(\d{8})\s*$/m.exec(mail?.body ?? '')?.[1];
        };
        await expect.poll(mailedCode).toBeDefined();
        const code = (await mailedCode()) ?? '';
        const newPassword = `${TEST_PASSWORD} renewed`;
        await owner.call('resetPassword', { email: user.email, otpCode: code, newPassword });
        // The guessing goes on from elsewhere, and the owner's browser still gets in.
        for (let failure = 1; failure <= 8; failure += 1)
          await attempt({ email: user.email, password: `guess ${failure} again` });
        expect((await attempt({ email: user.email, password: newPassword })).error).toEqual(tooMany);
        expect(
          (await attempt({ email: user.email, password: newPassword }, { cookie })).result,
        ).toMatchObject({
          user: { id: user.id },
        });
      } finally {
        owner.close();
      }
    });

    it('answers a burst of correct sign-ins to one account from one address without refusing any', async () => {
      const user = await createUser(herald);
      const address = randomLoopbackAddress();
      const clients: ChannelClient[] = await Promise.all(
        Array.from({ length: 12 }, () => openSession(herald, { address })),
      );
      const replies = await Promise.all(
        clients.map((client) =>
          client.request('createSession', { email: user.email, password: user.password }),
        ),
      );
      expect(replies.map((reply) => reply.error?.type)).toEqual(replies.map(() => undefined));
      for (const client of clients) client.close();
    });
  });
});
