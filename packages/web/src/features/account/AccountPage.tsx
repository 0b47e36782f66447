import { Button, Container, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session/useSession.ts';
import { useSignOut } from '../../platform/session/useSignOut.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';
import { LanguageSelector } from './LanguageSelector.tsx';

/** Account details, language and sign-out; two-factor set-up and single sign-on come with later issues. */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useUserProfile().data;
  const signOut = useSignOut();
  const onOff = (on: boolean) => (on ? t('account.on') : t('account.off'));
  const details: Array<[string, string]> = [
    [t('account.email'), profile?.email ?? session.email ?? ''],
    [t('account.phone'), profile?.phone ?? session.phone ?? t('account.notSet')],
    [t('account.twoFactor'), onOff(profile?.otp_enabled ?? session.otp_enabled)],
    [t('account.singleSignOn'), onOff(profile?.sso_enabled ?? session.sso_enabled)],
  ];
  return (
    <Container size="sm">
      <Stack>
        <Title order={1}>{t('account.title')}</Title>
        <Table variant="vertical" withTableBorder data-testid="account-details">
          <Table.Tbody>
            {details.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <LanguageSelector />
        <div>
          <Button variant="default" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
