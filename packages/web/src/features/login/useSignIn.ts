import type { User } from '@herald/protocol';
import { useState } from 'react';
import { errorTypeOf, isChannelError } from '../../platform/channel/channelError.ts';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import { commandKey } from '../../platform/data/useCommand.ts';
import { usePlatform } from '../../platform/platformContext.ts';

/** password: e-mail and password; oneTimeCode: two-factor is on; newPassword: the password must change first. */
export type SignInStep = 'password' | 'oneTimeCode' | 'newPassword';

export interface SignInForm {
  email: string;
  password: string;
  oneTimeCode: string;
  newPassword: string;
}

const ASKS_FOR_CODE = new Set(['MissingOTPCodeRecoveryError', 'MissingOTPError']);

/**
 * The sign-in flow of platform §4: find how the address signs in (single sign-on leaves for the provider),
 * create a session with the password, then a one-time code or a new password when the server asks for one.
 */
export function useSignIn(onSignedIn: (user: User) => void) {
  const { sessionChannel, sessionStore, queryClient } = usePlatform();
  const [step, setStep] = useState<SignInStep>('password');
  const [error, setError] = useState<ChannelError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function signIn(form: SignInForm): Promise<void> {
    setSubmitting(true);
    setError(null);
    try {
      const email = form.email.trim();
      if (step === 'password') {
        const method = await sessionChannel.request('getUserLoginMethod', { email });
        if (method.method === 'sso') {
          window.location.assign(method.redirectUrl);
          return;
        }
      }
      const result = await sessionChannel.request('createSession', {
        email,
        password: form.password,
        ...(step === 'oneTimeCode' ? { otpCode: form.oneTimeCode.trim() } : {}),
        ...(step === 'newPassword' ? { newPassword: form.newPassword } : {}),
      });
      if ('newPasswordRequired' in result) {
        setStep('newPassword');
        return;
      }
      sessionStore.signIn(result.sessionId, result.user);
      // The session came with the profile; the screens that follow need not ask for it again.
      queryClient.setQueryData(
        commandKey(sessionChannel, 'getUserProfile', { sessionId: result.sessionId }),
        result.user,
      );
      onSignedIn(result.user);
    } catch (caught) {
      if (ASKS_FOR_CODE.has(errorTypeOf(caught) ?? '')) setStep('oneTimeCode');
      setError(isChannelError(caught) ? caught : null);
      if (!isChannelError(caught)) throw caught;
    } finally {
      setSubmitting(false);
    }
  }

  return { step, error, submitting, signIn };
}
