import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useRouteMatches } from '../../platform/guards/routeMatches.tsx';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { ShellSkeleton } from '../shell/ShellSkeleton.tsx';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useCommand } from '../../platform/data/useCommand.ts';
import { accessContextFor } from '../../platform/guards/accessContext.ts';
import { accessGuard, organizationGuard, parseOrganizationId } from '../../platform/guards/guards.ts';
import { GuardRedirect } from '../../platform/guards/GuardRedirect.tsx';
import { importRuleGuard } from '../../platform/guards/importRuleGuard.ts';
import { currentRoute } from '../../platform/guards/routeHandle.ts';
import { OrganizationContext } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { tokenForOrganization } from '../../platform/session/storedSession.ts';
import { useSession } from '../../platform/session/useSession.ts';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { useOrganizationChannel } from './useOrganizationChannel.ts';

/**
 * Every /{organization} route: fetches the organization's token (guard 4), opens its channel, checks the
 * page's requirements (guard 5) and shows the shell with the organization's navigation.
 */
export default function OrganizationLayout() {
  const { t } = useTranslation();
  const { sessionChannel, sessionStore } = usePlatform();
  const session = useSession();
  const { pathname } = useLocation();
  const matches = useRouteMatches();
  const organizationId = parseOrganizationId(useParams().organization);
  const token = useCommand(
    sessionChannel,
    'getOrganizationToken',
    organizationId !== null && session.sessionId ? { sessionId: session.sessionId, organizationId } : null,
  );
  const { channel, refused } = useOrganizationChannel(organizationId);

  useEffect(() => {
    if (token.data) sessionStore.saveOrganizationToken(token.data.token, token.data.organization);
  }, [token.data, sessionStore]);

  const organization = useMemo(
    () => (token.data ? tokenForOrganization(token.data.token, token.data.organization) : null),
    [token.data],
  );
  // An ended session shows its own error and goes to sign-in; it is not this organization refusing access.
  const tokenRefused = token.isError && errorTypeOf(token.error) !== 'InvalidSessionError';
  const decision = organizationGuard(
    organizationId,
    tokenRefused || refused ? 'refused' : organization ? 'granted' : 'pending',
  );
  const current: CurrentOrganization | null = useMemo(
    () =>
      organization && channel && organizationId !== null
        ? { organizationId, organization, channel, access: accessContextFor(session, organization) }
        : null,
    [organization, channel, organizationId, session],
  );

  if (decision === 'wait' || (decision.kind === 'allow' && !current)) return <ShellSkeleton />;
  if (decision.kind === 'redirect') return <GuardRedirect to={decision.to} alert={decision.alert} />;
  if (!current) return <ShellSkeleton />;

  const shown = currentRoute(matches);
  const access = shown
    ? accessGuard(shown.route, current.access, {
        organizationId: current.organizationId,
        pathname,
        title: t(shown.route.titleKey),
      })
    : null;
  if (access?.kind === 'redirect') return <GuardRedirect to={access.to} alert={access.alert} />;
  const importRule = shown
    ? importRuleGuard(shown.route, current.organization.settings, {
        organizationId: current.organizationId,
        listId: shown.params.id,
      })
    : null;
  if (importRule?.kind === 'redirect') return <GuardRedirect to={importRule.to} alert={importRule.alert} />;

  return (
    <OrganizationContext value={current}>
      <ShellLayout organization={current} />
    </OrganizationContext>
  );
}
