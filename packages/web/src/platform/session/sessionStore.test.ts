import { describe, expect, it } from 'vitest';
import type { Organization, User } from '@herald/protocol';
import { SESSION_STORAGE_KEY, SessionStore } from './sessionStore.ts';
import type { KeyValueStorage } from './sessionStore.ts';
import { hasValidSession, parseStoredSession } from './storedSession.ts';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const organization: Organization = {
  organization_id: 7,
  organization: 'Acme',
  hostname: null,
  roles: ['System.Admin'],
  capabilities: ['base', 'admin'],
  admin: true,
  partitionsets: [],
  theme: null,
  logo_uri: null,
  settings: { currency: 'AUD' },
  domainsConfig: {},
};

const user: User = {
  id: 3,
  email: 'ana@example.com',
  phone: '+61 400 000 000',
  settings: { theme: 'light' },
  otp_enabled: false,
  otp_required: false,
  sso_enabled: false,
  organizations: [organization],
};

describe('SessionStore', () => {
  it('keeps the signed-in user in local storage and reads it back', () => {
    const storage = memoryStorage();
    const store = new SessionStore(storage);
    store.signIn('s-1', user);
    store.saveOrganizationToken('jwt-7', organization);
    const reopened = new SessionStore(storage).get();
    expect(reopened).toMatchObject({
      sessionId: 's-1',
      id: 3,
      email: 'ana@example.com',
      phone: '+61 400 000 000',
      savedEmail: 'ana@example.com',
      settings: { theme: 'light' },
    });
    expect(reopened.tokens['7']).toEqual({
      token: 'jwt-7',
      organization_id: 7,
      name: 'Acme',
      roles: ['System.Admin'],
      capabilities: ['base', 'admin'],
      partitionsets: [],
      settings: { currency: 'AUD' },
    });
    expect(hasValidSession(reopened)).toBe(true);
  });

  it('signing out keeps the saved address and preferences but nothing that grants access', () => {
    const storage = memoryStorage();
    const store = new SessionStore(storage);
    store.signIn('s-1', user);
    store.updateSettings({ locale: 'id' });
    store.saveOrganizationToken('jwt-7', organization);
    store.signOut();
    expect(store.get()).toMatchObject({
      sessionId: null,
      id: null,
      tokens: {},
      savedEmail: 'ana@example.com',
    });
    expect(store.get().settings).toEqual({ locale: 'id' });
    expect(hasValidSession(store.get())).toBe(false);
  });

  it('keeps a language chosen before signing in unless the user has one', () => {
    const store = new SessionStore(memoryStorage());
    store.updateSettings({ locale: 'zh-Hant' });
    store.signIn('s-1', user);
    expect(store.get().settings.locale).toBe('zh-Hant');
    store.signIn('s-2', { ...user, settings: { locale: 'ja' } });
    expect(store.get().settings.locale).toBe('ja');
  });

  it('remembers why the last session ended until the next sign-in', () => {
    const store = new SessionStore(memoryStorage());
    expect(store.lastEnding()).toBeNull();
    store.signIn('s-1', user);
    store.signOut('expired');
    expect(store.lastEnding()).toBe('expired');
    store.signIn('s-2', user);
    expect(store.lastEnding()).toBeNull();
    store.signOut();
    expect(store.lastEnding()).toBe('signed-out');
  });

  it('tells subscribers about every change', () => {
    const store = new SessionStore(memoryStorage());
    let changes = 0;
    store.subscribe(() => changes++);
    store.signIn('s-1', user);
    store.rememberRedirect('/7/dashboard');
    store.signOut();
    expect(changes).toBe(3);
    expect(store.get().redirectUri).toBe('/7/dashboard');
  });

  it('works without storage and survives storage that throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    for (const storage of [null, throwing]) {
      const store = new SessionStore(storage);
      store.signIn('s-1', user);
      expect(hasValidSession(store.get())).toBe(true);
    }
  });
});

describe('parseStoredSession', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['not an object', '42'],
  ])('%s is signed out', (_case, text) => {
    expect(hasValidSession(parseStoredSession(text))).toBe(false);
  });

  it('drops fields of the wrong type', () => {
    const session = parseStoredSession(JSON.stringify({ sessionId: 5, id: '3', email: 'a@b.c', tokens: [] }));
    expect(session).toMatchObject({ sessionId: null, id: null, email: 'a@b.c', tokens: {} });
  });

  it('reads a stored key it wrote', () => {
    const storage = memoryStorage();
    new SessionStore(storage).rememberRedirect('/account');
    expect(storage.entries.has(SESSION_STORAGE_KEY)).toBe(true);
  });
});

describe('SessionStore across tabs', () => {
  it('a sign-out in another tab signs this one out, as signed out rather than expired', () => {
    const storage = memoryStorage();
    const here = new SessionStore(storage);
    const there = new SessionStore(storage);
    here.signIn('s-1', user);
    there.reload();
    there.signOut();
    expect(here.reload()).toBe(true);
    expect(hasValidSession(here.get())).toBe(false);
    expect(here.lastEnding()).toBe('signed-out');
  });

  it('a sign-in in another tab is picked up; the data of another user must go', () => {
    const storage = memoryStorage();
    const here = new SessionStore(storage);
    const there = new SessionStore(storage);
    expect(there.reload()).toBe(false);
    there.signIn('s-1', user);
    expect(here.reload()).toBe(false);
    expect(here.get().sessionId).toBe('s-1');
    expect(here.lastEnding()).toBeNull();
    there.signIn('s-2', { ...user, id: 4, email: 'bo@example.com' });
    expect(here.reload()).toBe(true);
    expect(here.get().email).toBe('bo@example.com');
  });

  it('an unrelated write changes nothing that matters', () => {
    const storage = memoryStorage();
    const here = new SessionStore(storage);
    here.signIn('s-1', user);
    const there = new SessionStore(storage);
    there.updateSettings({ locale: 'id' });
    expect(here.reload()).toBe(false);
    expect(here.get().settings.locale).toBe('id');
  });
});

describe('SessionStore.updateAccount', () => {
  it('records two-factor turned on, which ends the requirement', () => {
    const store = new SessionStore(memoryStorage());
    store.signIn('s-1', { ...user, otp_required: true });
    expect(store.get().otp_required).toBe(true);
    store.updateAccount({ otp_enabled: true, otp_required: false });
    expect(store.get()).toMatchObject({ otp_enabled: true, otp_required: false, sessionId: 's-1' });
  });
});
