import type { User } from '@herald/protocol';
import { useState } from 'react';
import { isChannelError } from '../../platform/channel/channelError.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useStartSession } from '../../platform/session/useStartSession.ts';
import { initialLoginState, loginRequest, nextLoginState } from './loginSteps.ts';
import type { LoginForm, LoginOutcome, LoginState } from './loginSteps.ts';

/**
 * Runs the sign-in step machine (loginSteps.ts) against the session channel: each submission makes the
 * request its step asks for, and the answer moves the form on. Single sign-on leaves for the identity
 * provider; the way back (/login?sso=KEY) is completeSso.
 */
export function useSignIn(savedEmail: string, onSignedIn: (user: User) => void) {
  const { sessionChannel } = usePlatform();
  const startSession = useStartSession();
  const [state, setState] = useState<LoginState>(() => initialLoginState(savedEmail));
  const [submitting, setSubmitting] = useState(false);
  const apply = (outcome: LoginOutcome) => setState((current) => nextLoginState(current, outcome));

  const signedIn = (sessionId: string, user: User) => {
    startSession(sessionId, user);
    apply({ kind: 'signedIn' });
    onSignedIn(user);
  };

  const failed = (caught: unknown) => {
    if (!isChannelError(caught)) throw caught;
    apply({ kind: 'error', error: { type: caught.type, message: caught.message } });
  };

  async function submit(): Promise<void> {
    const request = loginRequest(state);
    if (request.command === 'none') {
      apply({ kind: 'error', error: request.error });
      return;
    }
    setSubmitting(true);
    try {
      if (request.command === 'getUserLoginMethod') {
        const method = await sessionChannel.request('getUserLoginMethod', request.params);
        if (method.method === 'sso') {
          apply({ kind: 'ssoMethod', redirectUrl: method.redirectUrl });
          window.location.assign(method.redirectUrl);
          return;
        }
        apply({ kind: 'passwordMethod' });
        return;
      }
      const result = await sessionChannel.request('createSession', request.params);
      if ('newPasswordRequired' in result) apply({ kind: 'newPasswordRequired' });
      else signedIn(result.sessionId, result.user);
    } catch (caught) {
      failed(caught);
    } finally {
      setSubmitting(false);
    }
  }

  /** The identity provider sent the browser back with a key: the server turns it into a session. */
  async function completeSso(key: string): Promise<void> {
    setSubmitting(true);
    try {
      const result = await sessionChannel.request('completeSsoLogin', { key });
      signedIn(result.sessionId, result.user);
    } catch (caught) {
      failed(caught);
    } finally {
      setSubmitting(false);
    }
  }

  const setField = (name: keyof LoginForm, value: string) =>
    setState((current) => ({ ...current, form: { ...current.form, [name]: value } }));

  return {
    state,
    submitting,
    submit,
    completeSso,
    setField,
    back: () => apply({ kind: 'back' }),
    offerCode: () => apply({ kind: 'offerCode' }),
  };
}
