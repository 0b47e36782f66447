import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navigationRoutes, organizationPagePath } from '../../platform/guards/navigation.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';

/** The organization's pages this user may open, from the route table. */
export function Navigation({
  organization,
  onNavigate,
}: {
  organization: CurrentOrganization;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { routes } = usePlatform();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('shell.navigation')}>
      {navigationRoutes(routes, organization.access).map((route) => {
        const path = organizationPagePath(route, organization.organizationId);
        const active = pathname === path || pathname.startsWith(`${path}/`);
        return (
          <NavLink
            key={route.id}
            component={Link}
            to={path}
            label={t(route.navigation?.labelKey ?? route.titleKey)}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </nav>
  );
}
