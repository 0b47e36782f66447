import type { LoginError } from './loginSteps.ts';

/**
 * What is wrong with the code step of sign-up or password reset before the server is asked, or null: the
 * two passwords must match (functional §5 "Passwords do not match"); the server judges the rest.
 */
export function codeStepProblem(value: {
  otpCode: string;
  password: string;
  confirmPassword: string;
}): LoginError | null {
  if (value.password !== value.confirmPassword) return { type: 'PasswordsDoNotMatchError' };
  return null;
}
