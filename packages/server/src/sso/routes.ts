// The cookie plugin's types add request.cookies and reply.setCookie wherever this file is compiled.
import type {} from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { HeraldError, SSO_FAILURE_TYPES } from '@herald/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_COOKIE, clientCookieOf } from '../http/session-cookie.ts';
import type { Services } from '../services.ts';
import { requestQuotas, takeRequestQuota } from '../sessions/request-quota.ts';
import { hashSecret } from '../sessions/session-ids.ts';
import { describe, finishSignOn, startSignOn } from './sign-on.ts';
import { SignOnError } from './sign-on-error.ts';

const CLIENT_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * HTTP routes of the single sign-on flow (the browser leaves for the issuer and comes back here):
 * - `GET /sso/start?issuer=ID&login_hint=EMAIL` redirects to the issuer's sign-in;
 * - `GET /sso/callback` (the redirect URI to register at the issuer) redirects to `/login?sso=KEY`, which
 *   the web app turns into a session with completeSsoLogin.
 * A failure redirects to `/login?sso_error=TYPE` with SSOBadKey, SSONoKey, SSOError or (too many starts
 * from one network) TooManyRequestsError, which the web app shows by type. Neither route ever answers a token, a code or a secret, and request logs carry no query.
 */
export function registerSsoRoutes(app: FastifyInstance, services: Services): void {
  const { publicUrl } = services.config;

  app.get('/sso/start', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = request.query as Record<string, unknown>;
    const clientCookie = ensureClientCookie(request, reply, publicUrl);
    try {
      // Each start stores a sign-on state: a network may start only so many.
      await takeRequestQuota(services.db, requestQuotas.singleSignOnStart, request.ip);
      const issuerText = typeof query.issuer === 'string' ? query.issuer : '';
      const loginHint =
        typeof query.login_hint === 'string' && query.login_hint.length <= 320 ? query.login_hint : undefined;
      const url = await startSignOn(services, {
        issuerId: /^\d{1,9}$/.test(issuerText) ? Number(issuerText) : undefined,
        loginHint,
        clientHash: hashSecret(clientCookie),
      });
      return reply.redirect(url.href, 302);
    } catch (error) {
      return reply.redirect(await failureUrl(services, error, request.ip), 302);
    }
  });

  app.get('/sso/callback', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const clientCookie = clientCookieOf(request.cookies);
    const queryAt = request.url.indexOf('?');
    const callbackUrl = new URL(`${publicUrl}/sso/callback${queryAt >= 0 ? request.url.slice(queryAt) : ''}`);
    try {
      const key = await finishSignOn(services, {
        callbackUrl,
        clientHash: clientCookie ? hashSecret(clientCookie) : null,
      });
      return reply.redirect(`${publicUrl}/login?${new URLSearchParams({ sso: key }).toString()}`, 302);
    } catch (error) {
      return reply.redirect(await failureUrl(services, error, request.ip), 302);
    }
  });
}

/** Where a failed sign-on lands: the sign-in page, told which catalogue error to show. Audited. */
async function failureUrl(services: Services, error: unknown, remoteAddress: string): Promise<string> {
  let type = 'SSOError';
  if (error instanceof SignOnError) {
    type = error.type;
    await services.audit
      .record({
        action: 'signIn.failed',
        actorUserId: error.userId ?? null,
        details: { issuerId: error.issuerId ?? null, method: 'sso', reason: error.reason },
        remoteAddress,
      })
      .catch((auditError: unknown) => services.log.error({ err: auditError }, 'audit of a sign-on failed'));
  } else if (error instanceof HeraldError && (SSO_FAILURE_TYPES as readonly string[]).includes(error.type)) {
    type = error.type;
  } else {
    services.log.error({ error: describe(error) }, 'single sign-on failed');
  }
  return `${services.config.publicUrl}/login?${new URLSearchParams({ sso_error: type }).toString()}`;
}

/**
 * The browser's herald_client cookie, set here when it has none, so the callback and the session can be
 * bound to the browser that started the sign-on (same attributes as GET /session-cookie).
 */
function ensureClientCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const existing = clientCookieOf(request.cookies);
  if (existing) return existing;
  const value = randomBytes(24).toString('base64url');
  reply.setCookie(CLIENT_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https://'),
    path: '/',
    maxAge: CLIENT_COOKIE_MAX_AGE_SECONDS,
  });
  return value;
}
