import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

export interface CodeAndPassword {
  otpCode: string;
  password: string;
  confirmPassword: string;
}

export const emptyCodeAndPassword: CodeAndPassword = { otpCode: '', password: '', confirmPassword: '' };

/** The second step of sign-up and password reset: the code from the e-mail and a new password, twice. */
export function CodeAndPasswordFields({
  value,
  onChange,
  passwordLabel,
}: {
  value: CodeAndPassword;
  onChange: (value: CodeAndPassword) => void;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  const field = (name: keyof CodeAndPassword) => ({
    value: value[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...value, [name]: event.currentTarget.value }),
  });
  const revealToggle = { visibilityToggleButtonProps: { 'aria-label': t('login.showCharacters') } };
  return (
    <>
      <TextInput
        label={t('passwords.code')}
        name="otpCode"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        withAsterisk={false}
        autoFocus
        {...field('otpCode')}
      />
      <PasswordInput
        label={passwordLabel}
        description={t('passwords.rule')}
        name="newPassword"
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...revealToggle}
        {...field('password')}
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
  );
}
