import { describe, expect, it } from 'vitest';
import { initialLoginState, loginRequest, nextLoginState } from './loginSteps.ts';
import type { LoginOutcome, LoginState, LoginStep } from './loginSteps.ts';
import { codeStepProblem } from './passwordSteps.ts';

const at = (step: LoginStep, form: Partial<LoginState['form']> = {}): LoginState => ({
  step,
  form: { ...initialLoginState('ana@example.com').form, ...form },
  error: null,
});
const error = (type: string): LoginOutcome => ({ kind: 'error', error: { type } });

describe('loginRequest', () => {
  it('asks how the address signs in first, trimmed', () => {
    expect(loginRequest(at('email', { email: ' ana@example.com ' }))).toEqual({
      command: 'getUserLoginMethod',
      params: { email: 'ana@example.com' },
    });
  });

  it('sends the password alone at the password step, even with leftovers in the form', () => {
    expect(loginRequest(at('password', { password: 'pw', otpCode: '123456', newPassword: 'x' }))).toEqual({
      command: 'createSession',
      params: { email: 'ana@example.com', password: 'pw' },
    });
  });

  it('adds the one-time code, trimmed', () => {
    expect(loginRequest(at('oneTimeCode', { password: 'pw', otpCode: ' 123456 ' }))).toEqual({
      command: 'createSession',
      params: { email: 'ana@example.com', password: 'pw', otpCode: '123456' },
    });
  });

  it('sends the new password with the code given before it', () => {
    const state = at('newPassword', {
      password: 'pw',
      otpCode: '123456',
      newPassword: 'a new long password',
      confirmPassword: 'a new long password',
    });
    expect(loginRequest(state)).toEqual({
      command: 'createSession',
      params: {
        email: 'ana@example.com',
        password: 'pw',
        otpCode: '123456',
        newPassword: 'a new long password',
      },
    });
  });

  it('sends a new password chosen earlier with a fresh code', () => {
    const state = at('oneTimeCode', {
      password: 'pw',
      otpCode: '654321',
      newPassword: 'a new long password',
    });
    expect(loginRequest(state)).toMatchObject({
      params: { otpCode: '654321', newPassword: 'a new long password' },
    });
  });

  it('does not send new passwords that differ', () => {
    const state = at('newPassword', { password: 'pw', newPassword: 'one', confirmPassword: 'two' });
    expect(loginRequest(state)).toEqual({ command: 'none', error: { type: 'PasswordsDoNotMatchError' } });
  });
});

describe('nextLoginState', () => {
  it.each<[string, LoginStep, LoginOutcome, LoginStep, string | null]>([
    ['password sign-in goes on to the password', 'email', { kind: 'passwordMethod' }, 'password', null],
    [
      'a malformed address stays on the e-mail step',
      'email',
      error('EmailNotValidError'),
      'email',
      'EmailNotValidError',
    ],
    [
      'two-factor on: the code step opens without an error',
      'password',
      error('MissingOTPCodeRecoveryError'),
      'oneTimeCode',
      null,
    ],
    ['MissingOTPError also asks for the code', 'password', error('MissingOTPError'), 'oneTimeCode', null],
    [
      'asked again for a code: the reason shows',
      'oneTimeCode',
      error('MissingOTPCodeRecoveryError'),
      'oneTimeCode',
      'MissingOTPCodeRecoveryError',
    ],
    [
      'a wrong code stays on the code step',
      'oneTimeCode',
      error('InvalidOTPCodeRecoveryError'),
      'oneTimeCode',
      'InvalidOTPCodeRecoveryError',
    ],
    [
      'a wrong password stays on the password step',
      'password',
      error('InvalidPasswordError'),
      'password',
      'InvalidPasswordError',
    ],
    [
      'a wrong password found at the code step goes back to it',
      'oneTimeCode',
      error('InvalidPasswordError'),
      'password',
      'InvalidPasswordError',
    ],
    ['the password must change', 'password', { kind: 'newPasswordRequired' }, 'newPassword', null],
    [
      'the password must change after the code',
      'oneTimeCode',
      { kind: 'newPasswordRequired' },
      'newPassword',
      null,
    ],
    [
      'a weak new password stays on its step',
      'newPassword',
      error('PasswordWeakError'),
      'newPassword',
      'PasswordWeakError',
    ],
    [
      'a weak new password sent with a fresh code goes back to it',
      'oneTimeCode',
      error('PasswordWeakError'),
      'newPassword',
      'PasswordWeakError',
    ],
    [
      'different new passwords',
      'newPassword',
      error('PasswordsDoNotMatchError'),
      'newPassword',
      'PasswordsDoNotMatchError',
    ],
    [
      'a used code at the new-password step asks for a fresh one',
      'newPassword',
      error('InvalidOTPCodeRecoveryError'),
      'oneTimeCode',
      'InvalidOTPCodeRecoveryError',
    ],
    [
      'throttled: stays, with the reason',
      'password',
      error('TooManyAttemptsError'),
      'password',
      'TooManyAttemptsError',
    ],
    [
      'a dropped connection: stays, with the reason',
      'oneTimeCode',
      error('WSSessionConnectionError'),
      'oneTimeCode',
      'WSSessionConnectionError',
    ],
    ['back to the e-mail from any step', 'newPassword', { kind: 'back' }, 'email', null],
  ])('%s', (_case, step, outcome, expectedStep, expectedError) => {
    const next = nextLoginState(at(step, { password: 'pw' }), outcome);
    expect(next.step).toBe(expectedStep);
    expect(next.error?.type ?? null).toBe(expectedError);
  });

  it('keeps the address and clears the secrets of the steps left behind', () => {
    const filled = at('newPassword', {
      password: 'pw',
      otpCode: '123456',
      newPassword: 'new',
      confirmPassword: 'new',
    });
    expect(nextLoginState(filled, { kind: 'back' }).form).toEqual({
      email: 'ana@example.com',
      password: '',
      otpCode: '',
      newPassword: '',
      confirmPassword: '',
    });
    expect(nextLoginState(filled, error('InvalidPasswordError')).form.password).toBe('');
    expect(nextLoginState(filled, error('InvalidOTPCodeRecoveryError')).form).toMatchObject({
      password: 'pw',
      otpCode: '',
      newPassword: 'new',
    });
    expect(nextLoginState(filled, { kind: 'signedIn' }).form).toMatchObject({ password: '', otpCode: '' });
    expect(nextLoginState(filled, error('PasswordWeakError')).form).toMatchObject({
      newPassword: '',
      confirmPassword: '',
    });
  });

  it('a new error replaces the old one, and moving on clears it', () => {
    const failed = nextLoginState(at('password'), error('InvalidPasswordError'));
    expect(nextLoginState(failed, error('TooManyAttemptsError')).error).toEqual({
      type: 'TooManyAttemptsError',
    });
    expect(nextLoginState(failed, { kind: 'newPasswordRequired' }).error).toBeNull();
  });

  it('walks the whole way: e-mail, password, code, new password', () => {
    let state = initialLoginState('ana@example.com');
    state = nextLoginState(state, { kind: 'passwordMethod' });
    state = { ...state, form: { ...state.form, password: 'pw' } };
    state = nextLoginState(state, error('MissingOTPCodeRecoveryError'));
    state = { ...state, form: { ...state.form, otpCode: '123456' } };
    expect(loginRequest(state)).toMatchObject({ params: { otpCode: '123456' } });
    state = nextLoginState(state, { kind: 'newPasswordRequired' });
    state = { ...state, form: { ...state.form, newPassword: 'n3w pass', confirmPassword: 'n3w pass' } };
    expect(loginRequest(state)).toEqual({
      command: 'createSession',
      params: { email: 'ana@example.com', password: 'pw', otpCode: '123456', newPassword: 'n3w pass' },
    });
  });
});

describe('codeStepProblem (sign-up and password reset)', () => {
  it.each<[string, string, string | null]>([
    ['a long password', 'a long password', null],
    ['a long password', 'a long passwort', 'PasswordsDoNotMatchError'],
    ['', 'x', 'PasswordsDoNotMatchError'],
  ])('%j and %j', (password, confirmPassword, expected) => {
    expect(codeStepProblem({ otpCode: '123456', password, confirmPassword })?.type ?? null).toBe(expected);
  });
});

describe('a throttled sign-in', () => {
  it('keeps the password, then offers the two-factor code with it', () => {
    const throttled = nextLoginState(at('password', { password: 'pw' }), error('TooManyAttemptsError'));
    expect(throttled).toMatchObject({ step: 'password', form: { password: 'pw' } });
    const offering = nextLoginState(
      { ...throttled, form: { ...throttled.form, otpCode: 'stale' } },
      { kind: 'offerCode' },
    );
    expect(offering).toMatchObject({
      step: 'oneTimeCode',
      form: { password: 'pw', otpCode: '' },
      error: null,
    });
    expect(loginRequest({ ...offering, form: { ...offering.form, otpCode: '123456' } })).toEqual({
      command: 'createSession',
      params: { email: 'ana@example.com', password: 'pw', otpCode: '123456' },
    });
  });
});
