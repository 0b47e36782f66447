import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { ORGANIZATIONS_PATH, safeRedirectTarget, signedInDestination } from '../../platform/guards/guards.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useSignIn } from './useSignIn.ts';
import type { SignInForm } from './useSignIn.ts';

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
  const [searchParams] = useSearchParams();
  const goTo = useGoTo();
  const ownHosts = [page.hostname];
  const requested = safeRedirectTarget(searchParams.get('redirect'), ownHosts);
  const [form, setForm] = useState<SignInForm>({
    email: session.savedEmail ?? '',
    password: '',
    oneTimeCode: '',
    newPassword: '',
  });
  // Set once this form signed the user in: from then on it is leaving, and the "already signed in" redirect
  // below must not race the one the sign-in started.
  const [leaving, setLeaving] = useState(false);
  const { step, error, submitting, signIn } = useSignIn(() => {
    const target =
      safeRedirectTarget(requested ?? sessionStore.get().redirectUri, ownHosts) ?? ORGANIZATIONS_PATH;
    sessionStore.rememberRedirect(null);
    setLeaving(true);
    goTo(target);
  });

  // Kept in the session too, so the target survives a single sign-on round trip through another site.
  useEffect(() => {
    if (requested) sessionStore.rememberRedirect(requested);
  }, [requested, sessionStore]);

  const alreadySignedIn = leaving ? null : signedInDestination(session, requested, ownHosts);
  useEffect(() => {
    if (alreadySignedIn && !alreadySignedIn.startsWith('/')) window.location.assign(alreadySignedIn);
  }, [alreadySignedIn]);
  if (alreadySignedIn?.startsWith('/')) return <Navigate to={alreadySignedIn} replace />;

  const field = (name: keyof SignInForm) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  // Mantine labels the show/hide button in English and with the word "password", which would make it a
  // second match for the field's own label; ours is translated and names what it does.
  const revealToggle = { visibilityToggleButtonProps: { 'aria-label': t('login.showCharacters') } };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void signIn(form);
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper component="form" onSubmit={onSubmit} withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          {error && (
            <Alert color="red" role="alert" data-testid="login-error">
              {errorText(error.type, error.message)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus={!form.email}
            {...field('email')}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            autoFocus={Boolean(form.email)}
            {...revealToggle}
            {...field('password')}
          />
          {step === 'oneTimeCode' && (
            <TextInput
              label={t('login.oneTimeCode')}
              name="otpCode"
              autoComplete="one-time-code"
              required
              withAsterisk={false}
              autoFocus
              {...field('oneTimeCode')}
            />
          )}
          {step === 'newPassword' && (
            <>
              <Text size="sm">{t('login.newPasswordRequired')}</Text>
              <PasswordInput
                label={t('login.newPassword')}
                name="newPassword"
                autoComplete="new-password"
                required
                withAsterisk={false}
                autoFocus
                {...revealToggle}
                {...field('newPassword')}
              />
            </>
          )}
          <Button type="submit" loading={submitting} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
