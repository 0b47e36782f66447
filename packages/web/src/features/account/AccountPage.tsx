import { Alert, Button, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useSignOut } from '../../platform/session/useSignOut.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { LanguageSelector } from './LanguageSelector.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** Account details, language, two-factor set-up, single sign-on status, active sessions and sign-out. */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useUserProfile().data;
  const signOut = useSignOut();
  const onOff = (on: boolean) => (on ? t('account.on') : t('account.off'));
  const otpEnabled = profile?.otp_enabled ?? session.otp_enabled;
  const ssoEnabled = profile?.sso_enabled ?? session.sso_enabled;
  const twoFactorRequired = !otpEnabled && (profile?.otp_required ?? session.otp_required);
  const details: Array<[string, string]> = [
    [t('account.email'), profile?.email ?? session.email ?? ''],
    [t('account.phone'), profile?.phone ?? session.phone ?? t('account.notSet')],
    [t('account.twoFactor'), onOff(otpEnabled)],
    [t('account.singleSignOn'), onOff(ssoEnabled)],
  ];
  return (
    <Container size="md">
      <Stack>
        <Title order={1}>{t('account.title')}</Title>
        {twoFactorRequired && (
          <Alert color="yellow" data-testid="two-factor-required">
            {t('twoFactor.required')}
          </Alert>
        )}
        <Table variant="vertical" withTableBorder data-testid="account-details">
          <Table.Tbody>
            {details.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={220}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <LanguageSelector />
        <TwoFactorSection />
        <Paper
          component="section"
          withBorder
          p="md"
          aria-labelledby="sso-title"
          data-testid="sso-status"
          data-enabled={ssoEnabled}
        >
          <Stack gap="xs">
            <Title order={2} size="h3" id="sso-title">
              {t('account.singleSignOn')}
            </Title>
            <Text>{ssoEnabled ? t('account.ssoOn') : t('account.ssoOff')}</Text>
          </Stack>
        </Paper>
        <SessionsSection />
        <div>
          <Button variant="default" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
