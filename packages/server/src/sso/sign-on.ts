import { randomBytes } from 'node:crypto';
import { SSO_HANDOFF_LIFETIME_MS, SSO_PENDING_LOGIN_LIFETIME_MS } from '@herald/protocol';
import { AuthorizationResponseError } from 'openid-client';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';
import type { Services } from '../services.ts';
import { hashSecret } from '../sessions/session-ids.ts';
import { applyClaimedAccess, type AccessChange } from './claimed-access.ts';
import { emailDomainOf, emailOf } from './claims.ts';
import { findIssuerForSignOn, ownsEmailDomain } from './issuers.ts';
import { SignOnError } from './sign-on-error.ts';
import type { SsoIssuerRow } from './tables.ts';

/** Expired pending logins and handoff keys are kept this long, so a late browser hears "expired", then purged. */
const EXPIRED_ROWS_KEPT_MS = 24 * 3600_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain-http issuers (which the contract accepts on loopback only) are for development and tests: they are
 * refused whenever Herald itself is served from anywhere but loopback, so a production server never talks
 * to an identity provider, or sends it the client secret, without TLS.
 */
export function isIssuerUriAllowed(issuerUri: string, publicUrl: string): boolean {
  if (new URL(issuerUri).protocol !== 'http:') return true;
  const herald = new URL(publicUrl);
  return herald.protocol === 'http:' && LOOPBACK_HOSTS.has(herald.hostname);
}

export function callbackUrlOf(services: Services): string {
  return `${services.config.publicUrl}/sso/callback`;
}

/**
 * GET /sso/start: remembers what the callback needs (the state, hashed; the nonce and PKCE code verifier; the
 * browser's cookie, hashed) and answers where to send the browser.
 */
export async function startSignOn(
  services: Services,
  request: { issuerId: number | undefined; loginHint: string | undefined; clientHash: string },
): Promise<URL> {
  const now = services.sso.now();
  const issuer =
    request.issuerId === undefined ? undefined : await findIssuerForSignOn(services.db, request.issuerId);
  if (!issuer) throw new SignOnError('SSOError', 'issuer_unknown');
  if (issuer.disabled) throw new SignOnError('SSOError', 'issuer_disabled', { issuerId: issuer.id });
  if (!isIssuerUriAllowed(issuer.issuer_uri, services.config.publicUrl)) {
    throw new SignOnError('SSOError', 'issuer_insecure', { issuerId: issuer.id });
  }
  const authorization = await services.sso.openId
    .authorizationRequest(issuer, callbackUrlOf(services), { loginHint: request.loginHint })
    .catch((error: unknown) => {
      services.log.warn({ issuerId: issuer.id, error: describe(error) }, 'single sign-on issuer unreachable');
      throw new SignOnError('SSOError', 'issuer_unreachable', { issuerId: issuer.id });
    });
  await services.db
    .deleteFrom('sso_pending_login')
    .where('expires_at', '<', new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS))
    .execute();
  await services.db
    .insertInto('sso_pending_login')
    .values({
      state_hash: hashSecret(authorization.state),
      issuer_id: issuer.id,
      organization_id: issuer.organization_id,
      nonce: authorization.nonce,
      code_verifier: authorization.codeVerifier,
      client_hash: request.clientHash,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_PENDING_LOGIN_LIFETIME_MS),
    })
    .execute();
  return authorization.url;
}

/**
 * GET /sso/callback: takes the pending login its state names (once), has the issuer's answer verified, finds
 * or links the person, applies roles from claims, and answers a one-time key for completeSsoLogin.
 */
export async function finishSignOn(
  services: Services,
  request: { callbackUrl: URL; clientHash: string | null },
): Promise<string> {
  const now = services.sso.now();
  const state = request.callbackUrl.searchParams.get('state');
  // Taken and deleted in one statement: a state works once, whatever happens next.
  const pending = state
    ? await services.db
        .deleteFrom('sso_pending_login')
        .where('state_hash', '=', hashSecret(state))
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (!pending) throw new SignOnError('SSOBadKey', 'state_unknown');
  const context = { issuerId: pending.issuer_id };
  // A callback from another browser than the one that started is someone else's sign-on (login CSRF).
  if (pending.client_hash !== request.clientHash) {
    throw new SignOnError('SSOBadKey', 'state_other_browser', context);
  }
  if (new Date(pending.expires_at) <= now) throw new SignOnError('SSONoKey', 'state_expired', context);
  const issuer = await findIssuerForSignOn(services.db, pending.issuer_id);
  if (!issuer || issuer.organization_id !== pending.organization_id) {
    throw new SignOnError('SSOError', 'issuer_unknown', context);
  }
  if (issuer.disabled) throw new SignOnError('SSOError', 'issuer_disabled', context);

  const verified = await services.sso.openId
    .verify(issuer, request.callbackUrl, {
      state: state ?? '',
      nonce: pending.nonce,
      codeVerifier: pending.code_verifier,
    })
    .catch((error: unknown) => {
      services.log.warn({ issuerId: issuer.id, error: describe(error) }, 'single sign-on answer refused');
      // The person cancelled or the provider refused (an `error` in the callback), or the answer did not check.
      const refused = error instanceof AuthorizationResponseError;
      throw new SignOnError('SSOError', refused ? 'issuer_refused' : 'token_invalid', context);
    });

  const { userId, changes } = await services.db.transaction().execute(async (trx) => {
    const userId = await accountFor(trx, issuer, verified.subject, verified.claims, now);
    const changes: AccessChange[] = issuer.manage_roles
      ? await applyClaimedAccess(trx, services.audit, issuer, userId, verified.claims)
      : [];
    return { userId, changes };
  });
  for (const change of changes) await services.accessEvents.publish(change);

  const key = randomBytes(32).toString('base64url');
  await services.db
    .deleteFrom('sso_handoff')
    .where('expires_at', '<', new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS))
    .execute();
  await services.db
    .insertInto('sso_handoff')
    .values({
      key_hash: hashSecret(key),
      issuer_id: issuer.id,
      organization_id: issuer.organization_id,
      user_id: userId,
      client_hash: pending.client_hash,
      logout_url: verified.logoutUrl,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_HANDOFF_LIFETIME_MS),
    })
    .execute();
  return key;
}

/**
 * The Herald account of the person the issuer vouched for. Known (issuer, subject): that account. First
 * sign-in: the address must be verified by the issuer (or be of a domain the issuer is exclusive for and its
 * organization has verified); an address nobody uses gets a new account without a password; an address in
 * use is linked only when that account belongs to this issuer's organization and to no other, because an
 * organization's administrator controls its issuer and must not be able to take over an account another organization relies on.
 */
async function accountFor(
  db: Kysely<Database>,
  issuer: SsoIssuerRow,
  subject: string,
  claims: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<number> {
  const context = { issuerId: issuer.id };
  const identity = await db
    .selectFrom('sso_identity')
    .innerJoin('user_account', 'user_account.id', 'sso_identity.user_id')
    .select(['sso_identity.user_id', 'user_account.disabled'])
    .where('sso_identity.issuer_id', '=', issuer.id)
    .where('sso_identity.subject', '=', subject)
    .executeTakeFirst();
  if (identity) {
    if (identity.disabled)
      throw new SignOnError('SSOError', 'user_disabled', { ...context, userId: identity.user_id });
    await db
      .updateTable('sso_identity')
      .set({ last_login_at: now })
      .where('issuer_id', '=', issuer.id)
      .where('subject', '=', subject)
      .execute();
    return identity.user_id;
  }

  const address = emailOf(claims);
  if (!address) throw new SignOnError('SSOError', 'email_missing', context);
  const domain = emailDomainOf(address.email);
  // An unverified address is trusted only on a domain the issuer is exclusive for and its organization owns.
  const domainIsIssuers =
    issuer.exclusive &&
    domain !== undefined &&
    issuer.exclusive_domains.includes(domain) &&
    (await ownsEmailDomain(db, issuer.organization_id, domain));
  if (!address.verified && !domainIsIssuers) throw new SignOnError('SSOError', 'email_unverified', context);

  const existing = await db
    .selectFrom('user_account')
    .select(['id', 'disabled'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address.email.toLowerCase()))
    .executeTakeFirst();
  let userId: number;
  if (existing) {
    const organizations = await db
      .selectFrom('organization_access')
      .select('organization_id')
      .where('user_id', '=', existing.id)
      .execute();
    const onlyThisOrganization =
      organizations.length > 0 &&
      organizations.every((row) => row.organization_id === issuer.organization_id);
    if (!onlyThisOrganization)
      throw new SignOnError('SSOError', 'email_taken', { ...context, userId: existing.id });
    if (existing.disabled)
      throw new SignOnError('SSOError', 'user_disabled', { ...context, userId: existing.id });
    userId = existing.id;
  } else {
    const created = await db
      .insertInto('user_account')
      .values({ email: address.email, phone: null, password_hash: null, settings: '{}', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = created.id;
  }
  await db
    .insertInto('sso_identity')
    .values({
      issuer_id: issuer.id,
      subject,
      organization_id: issuer.organization_id,
      user_id: userId,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  return userId;
}

/**
 * An error as the log may show it: names, codes and messages (library texts), never the objects an
 * openid-client error carries as its cause, which can hold tokens or claims.
 */
export function describe(error: unknown): {
  name?: string;
  code?: unknown;
  message?: string;
  cause?: string;
} {
  if (!(error instanceof Error)) return { message: String(error) };
  return {
    name: error.name,
    code: (error as { code?: unknown }).code,
    message: error.message,
    ...(error.cause instanceof Error ? { cause: error.cause.message } : {}),
  };
}
