import { checkAccess } from '@herald/protocol';
import type { AccessContext } from '@herald/protocol';
import type { AlertInput } from '../alerts/alertStore.ts';
import { hasValidSession } from '../session/storedSession.ts';
import type { StoredSession } from '../session/storedSession.ts';
import type { RouteDefinition, RouteScope } from './routeDefinition.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; alert?: AlertInput };

const allow: GuardDecision = { kind: 'allow' };

export const LOGIN_PATH = '/login';
export const ORGANIZATIONS_PATH = '/organizations';

/**
 * Guards 1 and 2 of platform §2: public routes need no session; every other route needs a valid one, or the
 * user signs in first and comes back to where they were going. Someone who just signed out is not brought
 * back to the page they left.
 */
export function sessionGuard(
  scope: RouteScope,
  session: StoredSession,
  location: { pathname: string; search: string },
  signedOutHere = false,
): GuardDecision {
  if (scope === 'public' || hasValidSession(session)) return allow;
  const target = `${location.pathname}${location.search}`;
  const to =
    target === '/' || signedOutHere ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
  return { kind: 'redirect', to };
}

/** Where the sign-in page sends someone whose session is already valid, or null to show the form. */
export function signedInDestination(
  session: StoredSession,
  redirect: string | null,
  ownHosts: readonly string[],
): string | null {
  if (!hasValidSession(session)) return null;
  return safeRedirectTarget(redirect, ownHosts) ?? ORGANIZATIONS_PATH;
}

function belongsToProvider(hostname: string, ownHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return ownHosts.some((own) => {
    const domain = own.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/**
 * Guard 3: a redirect target is followed only if it stays on the provider's own domains, so a crafted sign-in
 * link cannot send a user elsewhere. Paths on this origin qualify; so do absolute http(s) addresses on a
 * provider domain or a subdomain of one. The sign-in page itself is never a target.
 */
export function safeRedirectTarget(target: string | null, ownHosts: readonly string[]): string | null {
  if (!target) return null;
  if (target.startsWith('/')) {
    // '//host' and '/\host' are read by browsers as another host.
    if (target.startsWith('//') || target.startsWith('/\\')) return null;
    const path = target.split(/[?#]/)[0] ?? '';
    return path === LOGIN_PATH ? null : target;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return belongsToProvider(url.hostname, ownHosts) ? url.href : null;
}

/** The organization id in a path, or null when the segment is not one (an unknown top-level path). */
export function parseOrganizationId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,15}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}

export type OrganizationTokenOutcome = 'pending' | 'granted' | 'refused';

/**
 * Guard 4: an organization route needs the organization's token. A path whose first segment is no
 * organization id is an unknown path and goes to /; a refused token shows OrgAuthenticationError and goes to
 * the organization chooser.
 */
export function organizationGuard(
  organizationId: number | null,
  outcome: OrganizationTokenOutcome,
): GuardDecision | 'wait' {
  if (organizationId === null) return { kind: 'redirect', to: '/' };
  if (outcome === 'refused') {
    return {
      kind: 'redirect',
      to: ORGANIZATIONS_PATH,
      alert: {
        errorType: 'OrgAuthenticationError',
        action: { kind: 'link', to: '/', labelKey: 'alerts.goBack' },
      },
    };
  }
  return outcome === 'pending' ? 'wait' : allow;
}

/** The path one segment up: where a user refused a page goes when the route names no fallback. */
export function parentPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  return `/${segments.slice(0, -1).join('/')}`;
}

/**
 * Guards 5 and 6: a route with requirements sends a user who does not meet them to its fallback (or the
 * parent path) with 'Access not allowed'; a route whose refusal names the page (the rules page) says
 * 'Access to {title} not allowed' instead, `title` being the page's title in the interface language.
 */
export function accessGuard(
  route: Pick<RouteDefinition, 'requires' | 'fallback' | 'refusal'>,
  access: AccessContext,
  location: { organizationId: number; pathname: string; title?: string },
): GuardDecision {
  if (!route.requires || checkAccess(route.requires, access)) return allow;
  const to = route.fallback ? `/${location.organizationId}/${route.fallback}` : parentPath(location.pathname);
  const alert: AlertInput =
    route.refusal === 'named'
      ? { errorType: 'AccessToNotAllowedError', values: { title: location.title ?? '' } }
      : { errorType: 'AccessNotAllowedError' };
  return { kind: 'redirect', to, alert };
}

/**
 * Where an organization's `settings` path leads (platform §2): the test profile, which every member may open,
 * so guard 5's refusals (sent to the parent path, `settings`) end there rather than in a loop.
 */
export const SETTINGS_LANDING = 'settings/profile';

export const ACCOUNT_PATH = '/account';

/**
 * Where a user goes once signed in: the remembered target, unless an organization of theirs requires
 * two-factor and they have none (`otp_required`), in which case the account page, to set it up first.
 */
export function afterSignInTarget(user: { otp_required: boolean }, target: string): string {
  return user.otp_required ? ACCOUNT_PATH : target;
}
