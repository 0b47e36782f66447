import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { OrganizationToken } from '../../platform/session/storedSession.ts';
import { useUserProfile } from '../../platform/session/useUserProfile.ts';

/** Moves between the user's organizations from anywhere in the shell. */
export function OrganizationSwitcher({ current }: { current: OrganizationToken | null }) {
  const { t } = useTranslation();
  const organizations = useUserProfile().data?.organizations ?? [];
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" data-testid="organization-switcher">
          <VisuallyHidden>{t('shell.organization')}: </VisuallyHidden>
          {current?.name ?? t('organizations.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {organizations.map((organization) => (
          <Menu.Item
            key={organization.organization_id}
            component={Link}
            to={`/${organization.organization_id}/dashboard`}
            aria-current={organization.organization_id === current?.organization_id ? 'page' : undefined}
          >
            {organization.organization}
          </Menu.Item>
        ))}
        {organizations.length > 0 && <Menu.Divider />}
        <Menu.Item component={Link} to="/organizations">
          {t('shell.allOrganizations')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
