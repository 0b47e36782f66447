import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { PageLoader } from './PageLoader.tsx';
import { useHeadingFocusOnNavigation } from './pageFocus.ts';
import { SkipLink } from './SkipLink.tsx';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { OrganizationSwitcher } from '../organizations/OrganizationSwitcher.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { NotificationsBell } from '../notifications/NotificationsPane.tsx';
import { SearchBox } from '../search/SearchBox.tsx';
import { Navigation } from './Navigation.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * Toasts sit at the bottom left (platform TOAST_POSITION) over the page: the page ends with room for one,
 * so its last row (a pager, a Save button) can always be scrolled out from under it.
 */
const TOAST_ROOM = '120px';
// The skip link focuses the page, which needs no ring of its own.
const mainStyle = { outline: 'none', paddingBottom: `calc(var(--app-shell-padding) + ${TOAST_ROOM})` };

/**
 * The frame around every signed-in screen: the header (product, organization switcher, connection, user
 * menu) and, inside an organization, the navigation of its pages.
 */
export function ShellLayout({ organization }: { organization: CurrentOrganization | null }) {
  const { t } = useTranslation();
  const [navigationOpened, { toggle, close }] = useDisclosure(false);
  const main = useRef<HTMLElement>(null);
  const location = useLocation();
  useHeadingFocusOnNavigation(main);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        organization ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } } : undefined
      }
      padding="md"
    >
      <SkipLink main={main} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {organization && (
              <Burger
                opened={navigationOpened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell.toggleNavigation')}
              />
            )}
            <Anchor component={Link} to="/organizations" fw={700} size="xl" c="inherit" underline="never">
              {t('app.name')}
            </Anchor>
            <OrganizationSwitcher current={organization?.organization ?? null} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {organization && <SearchBox organizationId={organization.organizationId} />}
            <NotificationsBell />
            <ConnectionStatus organization={organization} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {organization && (
        // The settings pages alone outgrow a laptop's height: the navigation scrolls on its own.
        <AppShell.Navbar p="xs" style={{ overflowY: 'auto' }}>
          <Navigation organization={organization} onNavigate={close} />
        </AppShell.Navbar>
      )}
      {/* data-location: the address whose page is shown, once the app has moved to it (the accessibility
          check follows links without reloading and waits for it). */}
      <AppShell.Main
        ref={main}
        id="main-content"
        tabIndex={-1}
        style={mainStyle}
        data-location={location.pathname + location.search}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
