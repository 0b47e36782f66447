import { settingsLanding } from '../../platform/guards/guards.ts';
import { GuardRedirect } from '../../platform/guards/GuardRedirect.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';

/**
 * /{organization}/settings: the first settings page this user may open. Platform §2 names the test profile
 * as that page; until it exists the first is Users, and someone who may open none goes to the dashboard
 * with 'Access not allowed' (this is also where guard 5 sends those refused a settings page).
 */
export default function SettingsRedirect() {
  const { routes } = usePlatform();
  const current = useCurrentOrganization();
  if (!current) return null;
  const landing = settingsLanding(routes, current.access);
  return (
    <GuardRedirect
      to={`/${current.organizationId}/${landing}`}
      alert={landing === 'dashboard' ? { errorType: 'AccessNotAllowedError' } : undefined}
    />
  );
}
