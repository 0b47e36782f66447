import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { ACCOUNT_PATH } from '../../platform/guards/guards.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/**
 * A failed admin command. An administrator without two-factor is refused user management
 * (AdminOTPRequiredError): the alert links to the account page, where they turn it on.
 */
export function AdminError({
  error,
  testId = 'settings-error',
}: {
  error: { type: string; message: string } | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} data-error-type={error.type}>
      <Stack gap="xs" align="flex-start">
        <span>{errorText(error.type, error.message)}</span>
        {error.type === 'AdminOTPRequiredError' && (
          <Anchor component={Link} to={ACCOUNT_PATH} size="sm">
            {t('settings.setUpTwoFactor')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
