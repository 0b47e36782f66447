import { SETTINGS_LANDING } from '../../platform/guards/guards.ts';
import { GuardRedirect } from '../../platform/guards/GuardRedirect.tsx';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';

/**
 * /{organization}/settings redirects to settings/profile (platform §2), the test profile every member may
 * open. Guard 5 sends those refused a settings page here with 'Access not allowed', so they land on it too.
 */
export default function SettingsRedirect() {
  const current = useCurrentOrganization();
  if (!current) return null;
  return <GuardRedirect to={`/${current.organizationId}/${SETTINGS_LANDING}`} />;
}
