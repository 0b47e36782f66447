import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../platform/alerts/toast.ts';
import { LOGIN_PATH } from '../../platform/guards/guards.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { CodeAndPasswordFields, emptyCodeAndPassword } from './CodeAndPasswordFields.tsx';
import type { CodeAndPassword } from './CodeAndPasswordFields.tsx';
import { FormError, formErrorOf } from './FormError.tsx';
import type { LoginPageState } from './LoginPage.tsx';
import type { LoginError } from './loginSteps.ts';
import { codeStepProblem } from './passwordSteps.ts';
import { PublicFormLayout } from './PublicFormLayout.tsx';

/**
 * Reset password: the address (resetPassword e-mails a code; the answer is the same whether or not an
 * account uses it), then the code and a new password; then the sign-in page.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sessionChannel } = usePlatform();
  const { savedEmail } = useSession();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(savedEmail ?? '');
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

  const sendCode = () => sessionChannel.request('resetPassword', { email: email.trim() });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') {
      void run(async () => {
        await sendCode();
        setStep('code');
      });
      return;
    }
    const problem = codeStepProblem(codeAndPassword);
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      await sessionChannel.request('resetPassword', {
        email: email.trim(),
        otpCode: codeAndPassword.otpCode.trim(),
        newPassword: codeAndPassword.password,
      });
      const state: LoginPageState = { email: email.trim(), notice: 'passwordChanged' };
      void navigate(LOGIN_PATH, { replace: true, state });
    });
  };

  const sendAnotherCode = () =>
    void run(async () => {
      await sendCode();
      showToast(t('passwords.codeResent'));
    });

  return (
    <PublicFormLayout
      title={t('passwordReset.title')}
      onSubmit={onSubmit}
      testId="password-reset-form"
      step={step}
    >
      <FormError error={error} testId="password-reset-error" />
      {step === 'email' ? (
        <>
          <Text size="sm">{t('passwordReset.intro')}</Text>
          <TextInput
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </>
      ) : (
        <>
          <Text size="sm" data-testid="password-reset-code-sent">
            {t('passwordReset.codeSent', { email: email.trim() })}
          </Text>
          <CodeAndPasswordFields
            value={codeAndPassword}
            onChange={setCodeAndPassword}
            passwordLabel={t('login.newPassword')}
          />
        </>
      )}
      <Button type="submit" loading={submitting} fullWidth>
        {step === 'email' ? t('passwordReset.sendCode') : t('passwordReset.submit')}
      </Button>
      {step === 'code' && (
        <Button variant="subtle" onClick={sendAnotherCode} disabled={submitting}>
          {t('passwords.sendAnotherCode')}
        </Button>
      )}
      <Anchor component={Link} to={LOGIN_PATH} size="sm">
        {t('passwordReset.backToSignIn')}
      </Anchor>
    </PublicFormLayout>
  );
}
