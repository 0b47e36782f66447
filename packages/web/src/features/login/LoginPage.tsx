import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, SSO_FAILURE_TYPES, type SsoFailureType } from '@herald/protocol';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import {
  ORGANIZATIONS_PATH,
  afterSignInTarget,
  safeRedirectTarget,
  signedInDestination,
} from '../../platform/guards/guards.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { PublicFormLayout } from './PublicFormLayout.tsx';
import type { LoginForm } from './loginSteps.ts';
import { useSignIn } from './useSignIn.ts';

/** What the sign-up and password-reset pages hand to the sign-in page when they send someone here. */
export interface LoginPageState {
  email?: string;
  notice?: 'passwordChanged' | 'accountCreated';
}

/** Goes to a path in the app, or leaves for another address on the provider's domains. */
function useGoTo() {
  const navigate = useNavigate();
  return (target: string) => {
    if (target.startsWith('/')) void navigate(target, { replace: true });
    else window.location.assign(target);
  };
}

export function LoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { sessionStore, page } = usePlatform();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const handedOver = (useLocation().state ?? {}) as LoginPageState;
  const goTo = useGoTo();
  const ownHosts = [page.hostname];
  const requested = safeRedirectTarget(searchParams.get('redirect'), ownHosts);
  const ssoKey = searchParams.get('sso');
  // The server's /sso/start and /sso/callback send failures back as ?sso_error=TYPE (SSO_FAILURE_TYPES).
  const ssoError = ssoErrorOf(searchParams.get('sso_error'));
  // Set once this form signed the user in: from then on it is leaving, and the "already signed in" redirect
  // below must not race the one the sign-in started.
  const [leaving, setLeaving] = useState(false);
  // The same, for callbacks that outlive the render that made them.
  const leavingRef = useRef(false);
  const { state, submitting, submit, completeSso, setField, back, offerCode } = useSignIn(
    handedOver.email ?? session.savedEmail ?? '',
    (user) => {
      const target =
        safeRedirectTarget(requested ?? sessionStore.get().redirectUri, ownHosts) ?? ORGANIZATIONS_PATH;
      sessionStore.rememberRedirect(null);
      leavingRef.current = true;
      setLeaving(true);
      goTo(afterSignInTarget(user, target));
    },
  );

  // Kept in the session too, so the target survives a single sign-on round trip through another site.
  useEffect(() => {
    if (requested) sessionStore.rememberRedirect(requested);
  }, [requested, sessionStore]);

  // Back from the identity provider with a key: complete single sign-on once, then drop the key from the
  // address so a reload does not try to use it again. A sign-in that succeeded has already replaced this
  // address with where it leads; dropping the key then would bring the page back to /login while the next
  // page is still loading.
  const completedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!ssoKey || completedKey.current === ssoKey) return;
    completedKey.current = ssoKey;
    void completeSso(ssoKey).finally(() => {
      if (leavingRef.current) return;
      setSearchParams(
        (current) => {
          current.delete('sso');
          return current;
        },
        { replace: true },
      );
    });
  }, [ssoKey, completeSso, setSearchParams]);

  const alreadySignedIn = leaving ? null : signedInDestination(session, requested, ownHosts);
  useEffect(() => {
    if (alreadySignedIn && !alreadySignedIn.startsWith('/')) window.location.assign(alreadySignedIn);
  }, [alreadySignedIn]);
  if (alreadySignedIn?.startsWith('/')) return <Navigate to={alreadySignedIn} replace />;

  const { step, form, error } = state;
  const field = (name: keyof LoginForm) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => setField(name, event.currentTarget.value),
  });
  // Mantine labels the show/hide button in English and with the word "password", which would make it a
  // second match for the field's own label; ours is translated and names what it does.
  const revealToggle = { visibilityToggleButtonProps: { 'aria-label': t('login.showCharacters') } };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const completingSso = Boolean(ssoKey);

  return (
    <PublicFormLayout title={t('login.title')} onSubmit={onSubmit} testId="login-form" step={step}>
      {handedOver.notice && !error && (
        <Alert color="teal" data-testid="login-notice">
          {t(handedOver.notice === 'passwordChanged' ? 'login.passwordChanged' : 'login.accountCreated')}
        </Alert>
      )}
      {!error && ssoError && (
        <Alert color="red" role="alert" data-testid="login-error" data-error-type={ssoError}>
          {errorText(ssoError, errorMessage(ssoError))}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="login-error" data-error-type={error.type}>
          {errorText(error.type, error.message)}
        </Alert>
      )}
      {completingSso && (
        <Text role="status" data-testid="login-sso-completing">
          {t('login.completingSso')}
        </Text>
      )}
      {step === 'email' && !completingSso && (
        <TextInput
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          withAsterisk={false}
          autoFocus
          {...field('email')}
        />
      )}
      {step !== 'email' && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" data-testid="login-email" truncate>
            {form.email.trim()}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={back}>
            {t('login.changeEmail')}
          </Anchor>
          {/* For password managers: the account the password belongs to. */}
          <input type="hidden" name="email" autoComplete="username" value={form.email} />
        </Group>
      )}
      {step === 'password' && error?.type === 'TooManyAttemptsError' && (
        // Someone may be guessing at the account: its owner gets in with a second factor, or by a mailed code.
        <Stack gap="xs" data-testid="login-throttled-help">
          <Text size="sm">{t('login.throttledHelp')}</Text>
          <Group gap="md">
            <Button variant="light" size="xs" onClick={offerCode} disabled={form.password === ''}>
              {t('login.useTwoFactorCode')}
            </Button>
            <Anchor component={Link} to="/passwordreset" size="sm">
              {t('login.resetByEmail')}
            </Anchor>
          </Group>
        </Stack>
      )}
      {step === 'password' && (
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          autoFocus
          {...revealToggle}
          {...field('password')}
        />
      )}
      {step === 'oneTimeCode' && (
        <>
          <Text size="sm">{t('errors.MissingOTPCodeRecoveryError')}</Text>
          <TextInput
            label={t('login.oneTimeCode')}
            name="otpCode"
            autoComplete="one-time-code"
            required
            withAsterisk={false}
            autoFocus
            {...field('otpCode')}
          />
        </>
      )}
      {step === 'newPassword' && (
        <>
          <Text size="sm">{t('login.newPasswordRequired')}</Text>
          <PasswordInput
            label={t('login.newPassword')}
            description={t('passwords.rule')}
            name="newPassword"
            autoComplete="new-password"
            required
            withAsterisk={false}
            autoFocus
            {...revealToggle}
            {...field('newPassword')}
          />
          <PasswordInput
            label={t('login.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...revealToggle}
            {...field('confirmPassword')}
          />
        </>
      )}
      {!completingSso && (
        <Button type="submit" loading={submitting} fullWidth>
          {step === 'email'
            ? t('login.continue')
            : step === 'newPassword'
              ? t('login.changePasswordAndSignIn')
              : t('login.submit')}
        </Button>
      )}
      <Group justify="space-between">
        <Anchor component={Link} to="/passwordreset" size="sm">
          {t('login.forgotPassword')}
        </Anchor>
        <Anchor component={Link} to="/signup" size="sm">
          {t('login.createAccount')}
        </Anchor>
      </Group>
    </PublicFormLayout>
  );
}

/** The single sign-on failure named in the address, if it is one the callback sends. */
export function ssoErrorOf(value: string | null): SsoFailureType | null {
  return SSO_FAILURE_TYPES.find((type) => type === value) ?? null;
}
