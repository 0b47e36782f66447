import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createUser } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { codeForUser, enableTwoFactor, openSession, unusedCode, wrongCode } from './support/two-factor.ts';

const sessionInvalid = {
  type: 'SessionInvalidOTPError',
  message: 'Session invalid. Unable to process 2FA request.',
};

describe('two-factor commands', () => {
  let herald: TestHerald;

  beforeAll(async () => {
    herald = await startTestHerald();
  });
  afterAll(() => herald.stop());

  /** A new user signed in on a socket of its own. */
  async function signedInUser(options: { cookie?: string } = {}) {
    const user = await createUser(herald);
    const client = await openSession(herald, options);
    const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
      email: user.email,
      password: user.password,
    });
    return { user, client, sessionId };
  }

  async function profile(client: ChannelClient, sessionId: string) {
    return client.call<{ otp_enabled: boolean }>('getUserProfile', { sessionId });
  }

  async function auditActions(userId: number) {
    const rows = await herald.database.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'remote_address'])
      .where('actor_user_id', '=', userId)
      .where('action', 'like', 'twoFactor.%')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  describe('generateOTP', () => {
    it('answers a 160-bit base32 secret and its otpauth address for the user', async () => {
      const { user, client, sessionId } = await signedInUser();
      const { otpSecret, otpauthUrl } = await client.call<{ otpSecret: string; otpauthUrl: string }>(
        'generateOTP',
        { sessionId },
      );
      expect(otpSecret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toBe(`/Herald:${user.email}`);
      expect(url.searchParams.get('secret')).toBe(otpSecret);
      expect(url.searchParams.get('issuer')).toBe('Herald');
      const again = await client.call<{ otpSecret: string }>('generateOTP', { sessionId });
      expect(again.otpSecret).not.toBe(otpSecret);
      client.close();
    });
  });

  describe('validateOTP', () => {
    it('checks a code against the secret of this session without using it up', async () => {
      const { client, sessionId } = await signedInUser();
      const { otpSecret } = await client.call<{ otpSecret: string }>('generateOTP', { sessionId });
      const { code } = await unusedCode(otpSecret);
      expect(await client.call('validateOTP', { sessionId, otpSecret, otpCode: code })).toEqual({
        valid: true,
      });
      expect(await client.call('validateOTP', { sessionId, otpSecret, otpCode: code })).toEqual({
        valid: true,
      });
      expect(
        (await client.request('validateOTP', { sessionId, otpSecret, otpCode: await wrongCode(otpSecret) }))
          .error,
      ).toEqual({ type: 'InvalidOTPError', message: 'Invalid OTP code' });
      // The same code then turns two-factor on.
      const enabled = await client.call<{ recoveryCodes: string[] }>('enableOTP', {
        sessionId,
        otpSecret,
        otpCode: code,
      });
      expect(enabled.recoveryCodes).toHaveLength(10);
      client.close();
    });

    it('answers VerifyOTPError for a secret this session was not given', async () => {
      const { client, sessionId } = await signedInUser();
      const made = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const code = await generate({ secret: made });
      const error = {
        type: 'VerifyOTPError',
        message: 'An error occurred while trying to verify your 2FA code.',
      };
      expect(
        (await client.request('validateOTP', { sessionId, otpSecret: made, otpCode: code })).error,
      ).toEqual(error);
      await client.call('generateOTP', { sessionId });
      expect(
        (await client.request('validateOTP', { sessionId, otpSecret: made, otpCode: code })).error,
      ).toEqual(error);
      client.close();
    });
  });

  describe('enableOTP', () => {
    it('turns two-factor on and answers ten recovery codes, kept only as hashes', async () => {
      const { user, client, sessionId } = await signedInUser();
      expect((await profile(client, sessionId)).otp_enabled).toBe(false);
      const { otpSecret } = await client.call<{ otpSecret: string }>('generateOTP', { sessionId });
      const { code } = await unusedCode(otpSecret);
      const { recoveryCodes } = await client.call<{ recoveryCodes: string[] }>('enableOTP', {
        sessionId,
        otpSecret,
        otpCode: code,
      });
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect((await profile(client, sessionId)).otp_enabled).toBe(true);

      const stored = await herald.database.db
        .selectFrom('two_factor_recovery_code')
        .select(['code_hash', 'used_at'])
        .where('user_id', '=', user.id)
        .execute();
      expect(stored).toHaveLength(10);
      const storedText = JSON.stringify(stored);
      for (const recoveryCode of recoveryCodes) {
        expect(storedText).not.toContain(recoveryCode);
        expect(storedText).not.toContain(recoveryCode.replace('-', ''));
      }
      expect(await auditActions(user.id)).toEqual(['twoFactor.enabled']);

      // Already on: neither a second set-up nor a second enable.
      expect((await client.request('generateOTP', { sessionId })).error?.type).toBe('EnableOTPError');
      expect((await client.request('enableOTP', { sessionId, otpSecret, otpCode: code })).error?.type).toBe(
        'EnableOTPError',
      );
      client.close();
    });

    it('refuses a wrong code with IncorrectCodeError and leaves two-factor off', async () => {
      const { client, sessionId } = await signedInUser();
      const { otpSecret } = await client.call<{ otpSecret: string }>('generateOTP', { sessionId });
      const reply = await client.request('enableOTP', {
        sessionId,
        otpSecret,
        otpCode: await wrongCode(otpSecret),
      });
      expect(reply.error).toEqual({
        type: 'IncorrectCodeError',
        message: 'The code you entered is incorrect. Please try again.',
      });
      expect((await profile(client, sessionId)).otp_enabled).toBe(false);
      client.close();
    });

    it('refuses a secret it did not hand to this session with EnableOTPError', async () => {
      const { user, client, sessionId } = await signedInUser();
      const enableError = {
        type: 'EnableOTPError',
        message: 'An error occurred while trying to enable 2FA.',
      };
      // Nothing generated yet.
      const chosen = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const chosenCode = await generate({ secret: chosen });
      expect(
        (await client.request('enableOTP', { sessionId, otpSecret: chosen, otpCode: chosenCode })).error,
      ).toEqual(enableError);
      // A secret of the caller's choosing, after one was generated.
      await client.call('generateOTP', { sessionId });
      expect(
        (await client.request('enableOTP', { sessionId, otpSecret: chosen, otpCode: chosenCode })).error,
      ).toEqual(enableError);
      // A secret generated for another session of the same user.
      const other = await openSession(herald);
      const { sessionId: otherSession } = await other.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
      });
      const { otpSecret: otherSecret } = await other.call<{ otpSecret: string }>('generateOTP', {
        sessionId: otherSession,
      });
      const { code } = await unusedCode(otherSecret);
      expect(
        (await client.request('enableOTP', { sessionId, otpSecret: otherSecret, otpCode: code })).error,
      ).toEqual(enableError);
      expect((await profile(client, sessionId)).otp_enabled).toBe(false);
      for (const socket of [client, other]) socket.close();
    });

    it('makes the code that turned two-factor on unusable for signing in', async () => {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const enablingCode = await generate({ secret: twoFactor.secret, epoch: twoFactor.usedStep * 30 });
      const client = await openSession(herald);
      const reply = await client.request('createSession', {
        email: user.email,
        password: user.password,
        otpCode: enablingCode,
      });
      expect(reply.error?.type).toBe('OTPCodeUsedError');
      client.close();
    });
  });

  describe('disableOTP', () => {
    async function signedInWithTwoFactor() {
      const user = await createUser(herald);
      const twoFactor = await enableTwoFactor(herald, user);
      const client = await openSession(herald);
      const { code, step } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
        otpCode: code,
      });
      return { user, client, sessionId, twoFactor: { ...twoFactor, usedStep: step }, signInCode: code };
    }

    it('turns two-factor off with a current code, and signing in then needs no code', async () => {
      const { user, client, sessionId, twoFactor, signInCode } = await signedInWithTwoFactor();
      const incorrect = {
        type: 'IncorrectCodeError',
        message: 'The code you entered is incorrect. Please try again.',
      };
      expect(
        (await client.request('disableOTP', { sessionId, otpCode: await wrongCode(twoFactor.secret) })).error,
      ).toEqual(incorrect);
      // The code that signed in was used: replaying it is refused, saying to wait for the next code.
      expect((await client.request('disableOTP', { sessionId, otpCode: signInCode })).error?.type).toBe(
        'OTPCodeUsedError',
      );
      expect((await profile(client, sessionId)).otp_enabled).toBe(true);

      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect(await client.call('disableOTP', { sessionId, otpCode: code })).toEqual({});
      expect((await profile(client, sessionId)).otp_enabled).toBe(false);
      expect(await auditActions(user.id)).toEqual(['twoFactor.enabled', 'twoFactor.disabled']);
      const remaining = await herald.database.db
        .selectFrom('two_factor_recovery_code')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(remaining).toEqual([]);

      const again = await openSession(herald);
      expect(await again.call('createSession', { email: user.email, password: user.password })).toMatchObject(
        {
          user: { id: user.id, otp_enabled: false },
        },
      );
      // Already off: nothing to do.
      expect(await client.call('disableOTP', { sessionId, otpCode: '000000' })).toEqual({});
      for (const socket of [client, again]) socket.close();
    });

    it('takes a recovery code instead, once', async () => {
      const { user, client, sessionId, twoFactor } = await signedInWithTwoFactor();
      const recoveryCode = twoFactor.recoveryCodes[0] ?? '';
      expect(await client.call('disableOTP', { sessionId, otpCode: recoveryCode })).toEqual({});
      expect(await auditActions(user.id)).toEqual([
        'twoFactor.enabled',
        'twoFactor.recoveryCodeUsed',
        'twoFactor.disabled',
      ]);
      // Turned on again, the old recovery codes are gone with the old set-up.
      const renewed = await enableTwoFactor(herald, user);
      expect(renewed.recoveryCodes).not.toContain(recoveryCode);
      const { sessionId: newSession } = await client.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
        otpCode: renewed.recoveryCodes[0],
      });
      expect(
        (await client.request('disableOTP', { sessionId: newSession, otpCode: recoveryCode })).error?.type,
      ).toBe('IncorrectCodeError');
      expect(
        (await client.request('disableOTP', { sessionId: newSession, otpCode: twoFactor.recoveryCodes[1] }))
          .error?.type,
      ).toBe('IncorrectCodeError');
      expect(
        (await client.request('disableOTP', { sessionId: newSession, otpCode: renewed.recoveryCodes[0] }))
          .error?.type,
      ).toBe('IncorrectCodeError');
      client.close();
    });

    it('slows down repeated wrong codes', async () => {
      const { client, sessionId, twoFactor } = await signedInWithTwoFactor();
      const wrong = await wrongCode(twoFactor.secret);
      for (let failure = 1; failure <= 6; failure += 1)
        expect((await client.request('disableOTP', { sessionId, otpCode: wrong })).error?.type).toBe(
          'IncorrectCodeError',
        );
      const { code } = await unusedCode(twoFactor.secret, twoFactor.usedStep);
      expect((await client.request('disableOTP', { sessionId, otpCode: code })).error?.type).toBe(
        'TooManyAttemptsError',
      );
      expect((await profile(client, sessionId)).otp_enabled).toBe(true);
      client.close();
    });
  });

  describe('test helpers for other areas', () => {
    it('a user made with two-factor on signs in twice in a row with codeForUser', async () => {
      const user = await createUser(herald, [], { otpEnabled: true });
      const client = await openSession(herald);
      for (let round = 0; round < 2; round += 1) {
        const reply = await client.request('createSession', {
          email: user.email,
          password: user.password,
          otpCode: await codeForUser(herald, user.id),
        });
        expect(reply.result).toMatchObject({ user: { id: user.id, otp_enabled: true } });
      }
      client.close();
    });
  });

  describe('without a valid session', () => {
    const commands: Array<[string, Record<string, unknown>]> = [
      ['generateOTP', {}],
      ['validateOTP', { otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpCode: '123456' }],
      ['enableOTP', { otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpCode: '123456' }],
      ['disableOTP', { otpCode: '123456' }],
    ];

    it.each(commands)('%s answers SessionInvalidOTPError for a made-up session', async (command, params) => {
      const client = await openSession(herald);
      const reply = await client.request(command, { sessionId: 'x'.repeat(43), ...params });
      expect(reply.error).toEqual(sessionInvalid);
      client.close();
    });

    it.each(commands)('%s answers SessionInvalidOTPError for an ended session', async (command, params) => {
      const { client, sessionId } = await signedInUser();
      await client.call('terminateSession', { sessionId });
      expect((await client.request(command, { sessionId, ...params })).error).toEqual(sessionInvalid);
      client.close();
    });

    it.each(commands)(
      "%s answers SessionInvalidOTPError from another browser's connection",
      async (command, params) => {
        const { client, sessionId } = await signedInUser({ cookie: randomBytes(24).toString('base64url') });
        const otherBrowser = await openSession(herald, { cookie: randomBytes(24).toString('base64url') });
        expect((await otherBrowser.request(command, { sessionId, ...params })).error).toEqual(sessionInvalid);
        for (const socket of [client, otherBrowser]) socket.close();
      },
    );
  });

  describe('bad params', () => {
    // A parameter left out is the catalogue's MissingParameterError (platform §5, §8); one given wrong is a
    // ValidationError.
    it.each([
      ['generateOTP', {}, 'sessionId', 'MissingParameterError'],
      ['validateOTP', { otpSecret: 'JBSWY3DPEHPK3PXP' }, 'otpCode', 'MissingParameterError'],
      ['validateOTP', { otpCode: '123456' }, 'otpSecret', 'MissingParameterError'],
      ['enableOTP', { otpSecret: '', otpCode: '123456' }, 'otpSecret', 'ValidationError'],
      ['enableOTP', { otpSecret: 'JBSWY3DPEHPK3PXP', otpCode: 123456 }, 'otpCode', 'ValidationError'],
      ['disableOTP', { otpCode: '' }, 'otpCode', 'ValidationError'],
    ])('%s with %j answers on %s: %s', async (command, params, path, type) => {
      const { client, sessionId } = await signedInUser();
      const withSession = command === 'generateOTP' ? params : { sessionId, ...params };
      const reply = await client.request(command, withSession);
      expect(reply.error?.type).toBe(type);
      expect(reply.error?.details?.map((detail) => detail.path)).toContain(path);
      client.close();
    });
  });
});
