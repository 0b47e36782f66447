import type { Organization, User } from '@herald/protocol';

/** A token for one organization's channel, with what the app needs to show and guard its pages. */
export interface OrganizationToken {
  token: string;
  organization_id: number;
  name: string;
  roles: string[];
  capabilities: string[];
  partitionsets: number[];
  settings: Record<string, unknown>;
}

/** The session as kept in local storage (platform §3). */
export interface StoredSession {
  email: string | null;
  id: number | null;
  phone: string | null;
  sessionId: string | null;
  settings: Record<string, unknown>;
  /** Keyed by organization id. */
  tokens: Record<string, OrganizationToken>;
  /** The last address signed in with, offered again on the sign-in form; kept after sign-out. */
  savedEmail: string | null;
  /** Where to go after signing in; kept across a single sign-on round trip. */
  redirectUri: string | null;
  otp_enabled: boolean;
  sso_enabled: boolean;
  /** An organization of the user's requires two-factor and they have none yet. */
  otp_required: boolean;
}

export const signedOutSession: StoredSession = {
  email: null,
  id: null,
  phone: null,
  sessionId: null,
  settings: {},
  tokens: {},
  savedEmail: null,
  redirectUri: null,
  otp_enabled: false,
  sso_enabled: false,
  otp_required: false,
};

/** Platform §2 guard 2: a session is valid while both its id and the user id are present. */
export function hasValidSession(session: StoredSession): boolean {
  return Boolean(session.sessionId) && session.id !== null;
}

export function sessionForUser(previous: StoredSession, sessionId: string, user: User): StoredSession {
  return {
    ...previous,
    sessionId,
    id: user.id,
    email: user.email,
    phone: user.phone,
    // A preference chosen on this device before signing in (the language) is kept unless the user has one.
    settings: { ...previous.settings, ...user.settings },
    tokens: {},
    savedEmail: user.email,
    otp_enabled: user.otp_enabled,
    sso_enabled: user.sso_enabled,
    otp_required: user.otp_required,
  };
}

export function tokenForOrganization(token: string, organization: Organization): OrganizationToken {
  return {
    token,
    organization_id: organization.organization_id,
    name: organization.organization,
    roles: organization.roles,
    capabilities: organization.capabilities,
    partitionsets: organization.partitionsets,
    settings: organization.settings,
  };
}

/** Reads what an older or hand-edited storage entry holds, keeping only fields of the right type. */
export function parseStoredSession(text: string | null): StoredSession {
  if (!text) return signedOutSession;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return signedOutSession;
  }
  if (typeof value !== 'object' || value === null) return signedOutSession;
  const stored = value as Partial<Record<keyof StoredSession, unknown>>;
  const text_ = (field: unknown) => (typeof field === 'string' ? field : null);
  const record = (field: unknown) =>
    typeof field === 'object' && field !== null && !Array.isArray(field)
      ? (field as Record<string, never>)
      : {};
  return {
    email: text_(stored.email),
    id: typeof stored.id === 'number' ? stored.id : null,
    phone: text_(stored.phone),
    sessionId: text_(stored.sessionId),
    settings: record(stored.settings),
    tokens: record(stored.tokens),
    savedEmail: text_(stored.savedEmail),
    redirectUri: text_(stored.redirectUri),
    otp_enabled: stored.otp_enabled === true,
    sso_enabled: stored.sso_enabled === true,
    otp_required: stored.otp_required === true,
  };
}
