import type { Organization, User } from '@herald/protocol';
import {
  hasValidSession,
  parseStoredSession,
  sessionForUser,
  signedOutSession,
  tokenForOrganization,
} from './storedSession.ts';
import type { StoredSession } from './storedSession.ts';

/** The part of the Web Storage API the store uses, so tests can hand in a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_STORAGE_KEY = 'herald.session';

/** Why the last session ended in this page: the user signed out, or the server ended it. */
export type SessionEnding = 'signed-out' | 'expired';

/**
 * The session, kept in local storage so it survives a reload and is shared by the tabs of one browser. React
 * reads it through useSyncExternalStore; every change goes through here and is written straight back.
 */
export class SessionStore {
  private session: StoredSession;
  private ending: SessionEnding | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: KeyValueStorage | null) {
    this.session = this.read();
  }

  get = (): StoredSession => this.session;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  signIn(sessionId: string, user: User): void {
    this.ending = null;
    this.write(sessionForUser(this.session, sessionId, user));
  }

  saveOrganizationToken(token: string, organization: Organization): void {
    const tokens = {
      ...this.session.tokens,
      [organization.organization_id]: tokenForOrganization(token, organization),
    };
    this.write({ ...this.session, tokens });
  }

  updateSettings(settings: Record<string, unknown>): void {
    this.write({ ...this.session, settings: { ...this.session.settings, ...settings } });
  }

  /** The account facts that change while signed in (two-factor turned on or off). */
  updateAccount(account: Partial<Pick<StoredSession, 'otp_enabled' | 'otp_required' | 'sso_enabled'>>): void {
    this.write({ ...this.session, ...account });
  }

  rememberRedirect(redirectUri: string | null): void {
    this.write({ ...this.session, redirectUri });
  }

  /** Why the last session ended, or null while one is active or none ended in this page. */
  lastEnding(): SessionEnding | null {
    return this.ending;
  }

  /** Ends the session on this side (signed out, or expired): the address and language stay for next time. */
  signOut(ending: SessionEnding = 'signed-out'): void {
    this.ending = ending;
    const { savedEmail, settings, redirectUri } = this.session;
    // Only the device's language outlives the session; the rest of the settings belong to the user.
    const kept = settings.locale === undefined ? {} : { locale: settings.locale };
    this.write({ ...signedOutSession, savedEmail, settings: kept, redirectUri });
  }

  /**
   * Another tab changed the stored session. When that ended the session (signing out in one tab signs out
   * the others), this page counts it as signed out here too, so it is not brought back to the page it was on.
   * Answers whether the session ended or changed hands, which is when the page's cached data must go.
   */
  reload(): boolean {
    const before = this.session;
    this.session = this.read();
    const ended = hasValidSession(before) && !hasValidSession(this.session);
    if (ended) this.ending = 'signed-out';
    else if (hasValidSession(this.session)) this.ending = null;
    this.notify();
    return ended || (hasValidSession(before) && before.sessionId !== this.session.sessionId);
  }

  private read(): StoredSession {
    try {
      return parseStoredSession(this.storage?.getItem(SESSION_STORAGE_KEY) ?? null);
    } catch {
      return signedOutSession;
    }
  }

  private write(session: StoredSession): void {
    this.session = session;
    try {
      this.storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    } catch {
      // Storage full or blocked (private mode): the session still lives for this page.
    }
    this.notify();
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}
