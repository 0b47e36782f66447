/**
 * The sign-in form as a step machine (platform §4, functional §4): the e-mail first (to learn whether it signs
 * in with a password or single sign-on), then the password, then a one-time code or recovery key when the
 * server asks for one, then a new password when the old one must change. Pure, so every path is unit-tested;
 * useSignIn runs the requests it asks for.
 */

export type LoginStep = 'email' | 'password' | 'oneTimeCode' | 'newPassword';

export interface LoginForm {
  email: string;
  password: string;
  otpCode: string;
  newPassword: string;
  confirmPassword: string;
}

/** An error shown on the form: a catalogue type, with the server's English text for a type new to the app. */
export interface LoginError {
  type: string;
  message?: string;
}

export interface LoginState {
  step: LoginStep;
  form: LoginForm;
  error: LoginError | null;
}

export function initialLoginState(email: string): LoginState {
  return {
    step: 'email',
    form: { email, password: '', otpCode: '', newPassword: '', confirmPassword: '' },
    error: null,
  };
}

/** The request a submission makes, or an error found before asking the server. */
export type LoginRequest =
  | { command: 'getUserLoginMethod'; params: { email: string } }
  | {
      command: 'createSession';
      params: { email: string; password: string; otpCode?: string; newPassword?: string };
    }
  | { command: 'none'; error: LoginError };

export function loginRequest(state: LoginState): LoginRequest {
  const { step, form } = state;
  const email = form.email.trim();
  if (step === 'email') return { command: 'getUserLoginMethod', params: { email } };
  if (step === 'newPassword' && form.newPassword !== form.confirmPassword) {
    return { command: 'none', error: { type: 'PasswordsDoNotMatchError' } };
  }
  const otpCode = form.otpCode.trim();
  // A code entered before the new-password step goes again with the new password; a new password chosen
  // before the server asked for a fresh code goes again with that code.
  const withCode = step !== 'password' && otpCode !== '';
  const withNewPassword = step !== 'password' && form.newPassword !== '';
  return {
    command: 'createSession',
    params: {
      email,
      password: form.password,
      ...(withCode ? { otpCode } : {}),
      ...(withNewPassword ? { newPassword: form.newPassword } : {}),
    },
  };
}

/** What came back for a submission. */
export type LoginOutcome =
  | { kind: 'passwordMethod' }
  | { kind: 'ssoMethod'; redirectUrl: string }
  | { kind: 'newPasswordRequired' }
  | { kind: 'signedIn' }
  | { kind: 'error'; error: LoginError }
  | { kind: 'back' }
  /** While sign-in is throttled, the person offers their two-factor code with the password they typed. */
  | { kind: 'offerCode' };

const ASKS_FOR_CODE = new Set(['MissingOTPCodeRecoveryError', 'MissingOTPError']);
const WRONG_CODE = new Set([
  'InvalidOTPCodeRecoveryError',
  'InvalidOTPError',
  'IncorrectCodeError',
  'OTPCodeUsedError',
]);
const WRONG_PASSWORD = new Set(['InvalidPasswordError', 'MissingUserError']);

const cleared = { password: '', otpCode: '', newPassword: '', confirmPassword: '' };

/** The form after an outcome. Secrets are cleared whenever the step that asked for them is left behind. */
export function nextLoginState(state: LoginState, outcome: LoginOutcome): LoginState {
  const { form } = state;
  switch (outcome.kind) {
    case 'passwordMethod':
      return { step: 'password', form, error: null };
    case 'ssoMethod':
    case 'signedIn':
      // The page leaves (for the identity provider, or into the app): nothing secret stays in the form.
      return { ...state, form: { ...form, ...cleared }, error: null };
    case 'newPasswordRequired':
      return { step: 'newPassword', form: { ...form, newPassword: '', confirmPassword: '' }, error: null };
    case 'back':
      return { step: 'email', form: { ...form, ...cleared }, error: null };
    case 'offerCode':
      return { step: 'oneTimeCode', form: { ...form, otpCode: '' }, error: null };
    case 'error':
      return afterError(state, outcome.error);
  }
}

function afterError(state: LoginState, error: LoginError): LoginState {
  const { step, form } = state;
  if (step === 'email') return { step, form, error };
  if (WRONG_PASSWORD.has(error.type)) {
    return { step: 'password', form: { ...form, ...cleared }, error };
  }
  if (ASKS_FOR_CODE.has(error.type)) {
    // The first time the code step opens its field is the question; asked again, the server's words say why.
    return { step: 'oneTimeCode', form: { ...form, otpCode: '' }, error: step === 'password' ? null : error };
  }
  if (WRONG_CODE.has(error.type)) {
    return { step: 'oneTimeCode', form: { ...form, otpCode: '' }, error };
  }
  if (error.type === 'PasswordWeakError' || step === 'newPassword') {
    return { step: 'newPassword', form: { ...form, newPassword: '', confirmPassword: '' }, error };
  }
  return { step, form, error };
}
