import { describe, expect, it } from 'vitest';
import type { AccessContext } from '@herald/protocol';
import { signedOutSession } from '../session/storedSession.ts';
import type { StoredSession } from '../session/storedSession.ts';
import { routeTable } from '../../app/routes.tsx';
import { navigationSections } from './navigation.ts';
import { PROVIDER_DOMAINS } from './providerDomains.ts';
import {
  accessGuard,
  afterSignInTarget,
  organizationGuard,
  parentPath,
  parseOrganizationId,
  safeRedirectTarget,
  sessionGuard,
  SETTINGS_LANDING,
  signedInDestination,
} from './guards.ts';
import type { GuardDecision } from './guards.ts';
import type { RouteScope } from './routeDefinition.ts';

const signedIn: StoredSession = { ...signedOutSession, sessionId: 's-1', id: 3, email: 'ana@example.com' };
const sessionWithoutUser: StoredSession = { ...signedOutSession, sessionId: 's-1' };

describe('sessionGuard (guards 1 and 2)', () => {
  it.each<[string, RouteScope, StoredSession, string, string, ReturnType<typeof sessionGuard>]>([
    ['public route, signed out', 'public', signedOutSession, '/login', '', { kind: 'allow' }],
    ['public route, signed in', 'public', signedIn, '/login', '', { kind: 'allow' }],
    ['session route, signed in', 'session', signedIn, '/organizations', '', { kind: 'allow' }],
    ['organization route, signed in', 'organization', signedIn, '/7/dashboard', '', { kind: 'allow' }],
    [
      'session route, signed out',
      'session',
      signedOutSession,
      '/account',
      '',
      { kind: 'redirect', to: '/login?redirect=%2Faccount' },
    ],
    [
      'organization route with a query, signed out',
      'organization',
      signedOutSession,
      '/7/dashboard',
      '?view=grid',
      { kind: 'redirect', to: '/login?redirect=%2F7%2Fdashboard%3Fview%3Dgrid' },
    ],
    [
      'a session id without a user id is not valid',
      'session',
      sessionWithoutUser,
      '/organizations',
      '',
      { kind: 'redirect', to: '/login?redirect=%2Forganizations' },
    ],
    [
      'the root needs no redirect back',
      'session',
      signedOutSession,
      '/',
      '',
      { kind: 'redirect', to: '/login' },
    ],
  ])('%s', (_case, scope, session, pathname, search, expected) => {
    expect(sessionGuard(scope, session, { pathname, search })).toEqual(expected);
  });

  it('does not bring someone who just signed out back to the page they left', () => {
    const location = { pathname: '/account', search: '' };
    expect(sessionGuard('session', signedOutSession, location, true)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(sessionGuard('session', signedIn, location, true)).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirectTarget (guard 3)', () => {
  const ownHosts = ['herald.example', 'localhost'];
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['/7/dashboard', '/7/dashboard'],
    ['/7/dashboard?view=grid#top', '/7/dashboard?view=grid#top'],
    ['/login', null],
    ['/login?redirect=/account', null],
    ['//evil.example/steal', null],
    ['/\\evil.example', null],
    ['https://herald.example/7/dashboard', 'https://herald.example/7/dashboard'],
    ['https://eu.herald.example/account', 'https://eu.herald.example/account'],
    ['http://localhost:5173/account', 'http://localhost:5173/account'],
    ['https://HERALD.example/x', 'https://herald.example/x'],
    ['https://evil.example/?herald.example', null],
    ['https://herald.example.evil.example/', null],
    ['https://notherald.example/', null],
    ['javascript:alert(1)', null],
    ['herald.example/account', null],
  ])('%j → %j', (target, expected) => {
    expect(safeRedirectTarget(target, ownHosts)).toBe(expected);
  });
});

describe('signedInDestination', () => {
  it.each<[string, StoredSession, string | null, string | null]>([
    ['signed out: show the form', signedOutSession, '/account', null],
    ['signed in: the organization chooser', signedIn, null, '/organizations'],
    ['signed in: the remembered target', signedIn, '/7/dashboard', '/7/dashboard'],
    ['signed in: a foreign target is dropped', signedIn, 'https://evil.example/', '/organizations'],
  ])('%s', (_case, session, redirect, expected) => {
    expect(signedInDestination(session, redirect, ['herald.example'])).toBe(expected);
  });
});

describe('organizationGuard (guard 4)', () => {
  it.each<[string, number | null, 'pending' | 'granted' | 'refused', ReturnType<typeof organizationGuard>]>([
    ['no organization id: unknown path', null, 'pending', { kind: 'redirect', to: '/' }],
    ['token on its way', 7, 'pending', 'wait'],
    ['token granted', 7, 'granted', { kind: 'allow' }],
    [
      'token refused',
      7,
      'refused',
      {
        kind: 'redirect',
        to: '/organizations',
        alert: {
          errorType: 'OrgAuthenticationError',
          action: { kind: 'link', to: '/', labelKey: 'alerts.goBack' },
        },
      },
    ],
  ])('%s', (_case, organizationId, outcome, expected) => {
    expect(organizationGuard(organizationId, outcome)).toEqual(expected);
  });

  it.each<[string | undefined, number | null]>([
    ['7', 7],
    ['123456', 123456],
    [undefined, null],
    ['', null],
    ['0', null],
    ['07', null],
    ['-3', null],
    ['acme', null],
    ['7x', null],
    ['99999999999999999', null],
  ])('parseOrganizationId(%j) → %j', (segment, expected) => {
    expect(parseOrganizationId(segment)).toBe(expected);
  });
});

describe('accessGuard (guard 5)', () => {
  const editor: AccessContext = {
    roles: ['Content.Edit'],
    capabilities: ['base', 'content-edit'],
    organizationId: 7,
    email: 'ana@example.com',
    partitionsets: [],
    enableBetaFeatures: true,
    featureKeys: 'integrations\n!reports',
  };
  const denied = (to: string): GuardDecision => ({
    kind: 'redirect',
    to,
    alert: { errorType: 'AccessNotAllowedError' },
  });
  it.each<[string, Parameters<typeof accessGuard>[0], string, ReturnType<typeof accessGuard>]>([
    ['no requirement', {}, '/7/dashboard', { kind: 'allow' }],
    [
      'capability held',
      { requires: { capabilities: ['content-edit'] } },
      '/7/settings/themes',
      { kind: 'allow' },
    ],
    [
      'capability missing: to the parent path',
      { requires: { capabilities: ['admin'] } },
      '/7/settings/users',
      denied('/7/settings'),
    ],
    [
      'capability missing: to the declared fallback',
      { requires: { capabilities: ['database-manage'] }, fallback: 'dashboard' },
      '/7/settings/customfields',
      denied('/7/dashboard'),
    ],
    [
      'feature flag on',
      { requires: { features: ['integrations'], capabilities: ['content-edit'] } },
      '/7/settings/credentials',
      { kind: 'allow' },
    ],
    ['feature flag excluded with !', { requires: { features: ['reports'] } }, '/7/reports', denied('/7')],
    ['feature flag not listed', { requires: { features: ['beta'] } }, '/7/beta/x', denied('/7/beta')],
  ])('%s', (_case, route, pathname, expected) => {
    expect(accessGuard(route, editor, { organizationId: 7, pathname })).toEqual(expected);
  });

  it.each([
    ['/7/settings/users', '/7/settings'],
    ['/7/settings/users/', '/7/settings'],
    ['/7', '/'],
    ['/', '/'],
  ])('parentPath(%j) → %j', (pathname, expected) => {
    expect(parentPath(pathname)).toBe(expected);
  });
});

describe('guards 5 and 6 over the route table', () => {
  const access = (overrides: Partial<AccessContext>): AccessContext => ({
    roles: [],
    capabilities: [],
    organizationId: 7,
    email: 'ana@example.com',
    partitionsets: [],
    enableBetaFeatures: false,
    featureKeys: '',
    ...overrides,
  });
  const admin = access({ roles: ['System.Admin'], capabilities: ['base', 'admin'] });
  const foreignAdmin = { ...admin, email: 'ana@elsewhere.example' };
  const powerUser = access({
    roles: ['System.PowerUser'],
    capabilities: ['base', 'content-edit', 'database-manage'],
  });
  const route = (id: string) => {
    const found = routeTable.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no route ${id}`);
    return found;
  };
  const notAllowed = (to: string): GuardDecision => ({
    kind: 'redirect',
    to,
    alert: { errorType: 'AccessNotAllowedError' },
  });
  const rulesRefused: GuardDecision = {
    kind: 'redirect',
    to: '/7/dashboard',
    alert: { errorType: 'AccessToNotAllowedError', values: { title: 'Messaging and import rules' } },
  };

  it.each<[string, string, AccessContext, string, GuardDecision]>([
    ['admin opens users', 'settings-users', admin, '/7/settings/users', { kind: 'allow' }],
    [
      'power user: users, to the parent path',
      'settings-users',
      powerUser,
      '/7/settings/users',
      notAllowed('/7/settings'),
    ],
    [
      'power user: one user, to the users list',
      'settings-user',
      powerUser,
      '/7/settings/users/3',
      notAllowed('/7/settings/users'),
    ],
    ['power user: access', 'settings-access', powerUser, '/7/settings/access', notAllowed('/7/settings')],
    [
      'power user: an issuer, to settings',
      'settings-issuer',
      powerUser,
      '/7/settings/issuer/2',
      notAllowed('/7/settings'),
    ],
    [
      'power user: security',
      'settings-security',
      powerUser,
      '/7/settings/security',
      notAllowed('/7/settings'),
    ],
    ['admin opens security', 'settings-security', admin, '/7/settings/security', { kind: 'allow' }],
    [
      'admin of a provider domain opens rules',
      'settings-rules',
      admin,
      '/7/settings/rules',
      { kind: 'allow' },
    ],
    [
      'admin of another domain: rules refused by name',
      'settings-rules',
      foreignAdmin,
      '/7/settings/rules',
      rulesRefused,
    ],
    [
      'provider domain without the admin role: refused',
      'settings-rules',
      powerUser,
      '/7/settings/rules',
      rulesRefused,
    ],
    ['anyone opens the dashboard', 'dashboard', powerUser, '/7/dashboard', { kind: 'allow' }],
    ['an administrator opens the admin panel', 'admin-panel', admin, '/7/admin-panel', { kind: 'allow' }],
    [
      'a power user is sent from the admin panel to the dashboard',
      'admin-panel',
      powerUser,
      '/7/admin-panel',
      notAllowed('/7/dashboard'),
    ],
  ])('%s', (_case, id, context, pathname, expected) => {
    expect(
      accessGuard(route(id), context, { organizationId: 7, pathname, title: 'Messaging and import rules' }),
    ).toEqual(expected);
  });

  it('the admin capability without the System.Admin role does not open rules', () => {
    const capabilityOnly = access({ roles: ['System.PowerUser'], capabilities: ['admin'] });
    expect(
      accessGuard(route('settings-rules'), capabilityOnly, {
        organizationId: 7,
        pathname: '/7/settings/rules',
        title: 'Rules',
      }),
    ).toMatchObject({ to: '/7/dashboard' });
  });

  it('PROVIDER_DOMAINS is what guard 6 reads', () => {
    expect(route('settings-rules').requires?.emailDomains).toEqual(PROVIDER_DOMAINS);
  });

  it('settings leads to the test profile (platform §2), which anyone may open', () => {
    expect(SETTINGS_LANDING).toBe('settings/profile');
    for (const context of [admin, powerUser, access({})]) {
      expect(
        accessGuard(route('settings-profile'), context, {
          organizationId: 7,
          pathname: '/7/settings/profile',
        }),
      ).toEqual({ kind: 'allow' });
    }
  });

  /** Follows guard redirects (and settings → its landing) from a path until a page opens. */
  const landing = (context: AccessContext, start: string): { path: string; alerts: string[] } => {
    const patterns = routeTable
      .filter((entry) => entry.scope === 'organization')
      .map((entry) => ({
        entry,
        pattern: new RegExp(`^${entry.path.replace(':organization', '7').replace(/:\w+/g, '[^/]+')}$`),
      }));
    let path = start;
    const alerts: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      if (path === '/7/settings') {
        path = `/7/${SETTINGS_LANDING}`;
        continue;
      }
      const found = patterns.find(({ pattern }) => pattern.test(path))?.entry;
      if (!found) throw new Error(`no route for ${path}`);
      const decision = accessGuard(found, context, { organizationId: 7, pathname: path, title: 'Rules' });
      if (decision.kind === 'allow') return { path, alerts };
      if (decision.alert) alerts.push(decision.alert.errorType);
      path = decision.to;
    }
    throw new Error(`redirect loop from ${start}`);
  };

  it.each([
    ['/7/settings/users', '/7/settings/profile'],
    ['/7/settings/users/3', '/7/settings/profile'],
    ['/7/settings/access', '/7/settings/profile'],
    ['/7/settings/issuer/2', '/7/settings/profile'],
    ['/7/settings/security', '/7/settings/profile'],
    ['/7/settings', '/7/settings/profile'],
    ['/7/settings/rules', '/7/dashboard'],
  ])('a power user refused %s lands on %s, with no loop', (start, expected) => {
    const result = landing(powerUser, start);
    expect(result.path).toBe(expected);
    if (start !== '/7/settings') expect(result.alerts.length).toBeGreaterThan(0);
  });

  it('an admin opens every settings page without a redirect', () => {
    for (const start of ['/7/settings/users', '/7/settings/security', '/7/settings/profile']) {
      expect(landing(admin, start)).toEqual({ path: start, alerts: [] });
    }
  });

  it('the navigation lists the test profile first under Settings, for everyone', () => {
    const labels = (context: AccessContext) => {
      const { main, settings } = navigationSections(routeTable, context);
      return { main: main.map((entry) => entry.id), settings: settings.map((entry) => entry.id) };
    };
    expect(labels(admin)).toEqual({
      main: [
        'dashboard',
        'campaigns',
        'subscribers',
        'subscribers-all',
        'audiences',
        'assets',
        'admin-panel',
      ],
      settings: [
        'settings-profile',
        'settings-users',
        'settings-access',
        'settings-security',
        'settings-partitions',
        'settings-templates',
        'settings-targeting',
        'settings-domains',
        'settings-organization',
        'settings-advanced',
        'settings-rules',
      ],
    });
    expect(labels(powerUser)).toEqual({
      main: ['dashboard', 'campaigns', 'subscribers', 'subscribers-all', 'audiences', 'assets'],
      settings: [
        'settings-profile',
        'settings-profilefields',
        'settings-customfields',
        'settings-templates',
        'settings-themes',
      ],
    });
  });

  it('every settings page but the landing and the test profile declares a requirement', () => {
    const unguarded = routeTable.filter(
      (entry) => entry.path.includes('/settings/') && entry.requires === undefined,
    );
    expect(unguarded.map((entry) => entry.id)).toEqual(['settings-profile']);
  });
});

describe('afterSignInTarget', () => {
  it.each<[boolean, string, string]>([
    [false, '/7/dashboard', '/7/dashboard'],
    [true, '/7/dashboard', '/account'],
    [true, '/organizations', '/account'],
  ])('otp_required %s, target %s → %s', (otp_required, target, expected) => {
    expect(afterSignInTarget({ otp_required }, target)).toBe(expected);
  });
});
