import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { useSignOut } from '../../platform/session/useSignOut.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const { email } = useSession();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" data-testid="user-menu">
          <VisuallyHidden>{t('shell.userMenu')}: </VisuallyHidden>
          {email}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account">
          {t('account.title')}
        </Menu.Item>
        <Menu.Item onClick={() => void signOut()}>{t('shell.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
