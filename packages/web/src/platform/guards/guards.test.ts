import { describe, expect, it } from 'vitest';
import type { AccessContext } from '@herald/protocol';
import { signedOutSession } from '../session/storedSession.ts';
import type { StoredSession } from '../session/storedSession.ts';
import {
  accessGuard,
  organizationGuard,
  parentPath,
  parseOrganizationId,
  safeRedirectTarget,
  sessionGuard,
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
