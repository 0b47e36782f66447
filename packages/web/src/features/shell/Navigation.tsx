import { NavLink, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { navigationSections, organizationPagePath } from '../../platform/guards/navigation.ts';
import type { RouteDefinition } from '../../platform/guards/routeDefinition.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';

/**
 * The organization's pages this user may open, from the route table: the main pages, then the Settings
 * pages under their heading (shown only when at least one of them is open to the user).
 */
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
  const { main, settings } = navigationSections(routes, organization.access);
  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  // One page is current: the deepest that holds the path (subscribers/all is inside subscribers).
  const current = [...main, ...settings]
    .map((route) => organizationPagePath(route, organization.organizationId))
    .filter(within)
    .reduce<string | undefined>(
      (best, path) => (best && best.length >= path.length ? best : path),
      undefined,
    );
  const link = (route: RouteDefinition) => {
    const path = organizationPagePath(route, organization.organizationId);
    const active = path === current;
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
  };
  return (
    <nav aria-label={t('shell.navigation')}>
      {main.map(link)}
      {settings.length > 0 && (
        <section aria-labelledby="navigation-settings" data-testid="navigation-settings">
          <Text id="navigation-settings" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
            {t('settings.title')}
          </Text>
          {settings.map(link)}
        </section>
      )}
    </nav>
  );
}
