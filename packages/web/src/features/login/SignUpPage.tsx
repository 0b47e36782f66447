import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { LOGIN_PATH, ORGANIZATIONS_PATH, afterSignInTarget } from '../../platform/guards/guards.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useStartSession } from '../../platform/session/useStartSession.ts';
import { CodeAndPasswordFields, emptyCodeAndPassword } from './CodeAndPasswordFields.tsx';
import type { CodeAndPassword } from './CodeAndPasswordFields.tsx';
import { FormError, formErrorOf } from './FormError.tsx';
import { PublicFormLayout } from './PublicFormLayout.tsx';
import type { LoginPageState } from './LoginPage.tsx';
import type { LoginError } from './loginSteps.ts';
import { codeStepProblem } from './passwordSteps.ts';

/**
 * Create account: the address and a phone number (createUser e-mails a code), then the code and a first
 * password (resetPassword sets it), then straight in; when the new account needs more than a password to
 * sign in, the sign-in page takes over.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionChannel } = usePlatform();
  const startSession = useStartSession();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [codeAndPassword, setCodeAndPassword] = useState<CodeAndPassword>(emptyCodeAndPassword);
  const [error, setError] = useState<LoginError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setSubmitting(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(formErrorOf(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const toSignIn = () => {
    const state: LoginPageState = { email: email.trim(), notice: 'accountCreated' };
    void navigate(LOGIN_PATH, { replace: true, state });
  };

  const completeSignUp = async () => {
    const address = email.trim();
    await sessionChannel.request('resetPassword', {
      email: address,
      otpCode: codeAndPassword.otpCode.trim(),
      newPassword: codeAndPassword.password,
    });
    let result;
    try {
      result = await sessionChannel.request('createSession', {
        email: address,
        password: codeAndPassword.password,
      });
    } catch {
      // The password is set; whatever else signing in asks for, the sign-in page handles.
      toSignIn();
      return;
    }
    if ('newPasswordRequired' in result) {
      toSignIn();
      return;
    }
    startSession(result.sessionId, result.user);
    void navigate(afterSignInTarget(result.user, ORGANIZATIONS_PATH), { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'details') {
      void run(async () => {
        await sessionChannel.request('createUser', { email: email.trim(), phone: phone.trim() });
        setStep('code');
      });
      return;
    }
    const problem = codeStepProblem(codeAndPassword);
    if (problem) setError(problem);
    else void run(completeSignUp);
  };

  const sendAnotherCode = () =>
    void run(async () => {
      await sessionChannel.request('resetPassword', { email: email.trim() });
      showToast(t('passwords.codeResent'));
    });

  return (
    <PublicFormLayout title={t('signup.title')} onSubmit={onSubmit} testId="signup-form" step={step}>
      <FormError error={error} testId="signup-error" />
      {step === 'details' ? (
        <>
          <TextInput
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            withAsterisk={false}
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label={t('signup.phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            required
            withAsterisk={false}
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
        </>
      ) : (
        <>
          <Text size="sm" data-testid="signup-code-sent">
            {t('signup.codeSent', { email: email.trim() })}
          </Text>
          <CodeAndPasswordFields
            value={codeAndPassword}
            onChange={setCodeAndPassword}
            passwordLabel={t('login.password')}
          />
        </>
      )}
      <Button type="submit" loading={submitting} fullWidth>
        {step === 'details' ? t('signup.submit') : t('signup.complete')}
      </Button>
      {step === 'code' && (
        <Button variant="subtle" onClick={sendAnotherCode} disabled={submitting}>
          {t('passwords.sendAnotherCode')}
        </Button>
      )}
      <Anchor component={Link} to={LOGIN_PATH} size="sm">
        {t('signup.haveAccount')}
      </Anchor>
    </PublicFormLayout>
  );
}
