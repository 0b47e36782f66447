// The cookie plugin's types add request.cookies and reply.setCookie wherever this file is compiled.
import type {} from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const CLIENT_COOKIE = 'herald_client';
const CLIENT_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;
const CLIENT_COOKIE_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * The "cookie fetch" of platform §7: gives the browser a random HttpOnly id that its sessions are bound
 * to, so a session id copied out of local storage is useless from another browser. An existing well-formed
 * cookie is kept, so sessions already bound to it stay valid.
 */
export function registerSessionCookieRoute(app: FastifyInstance, publicUrl: string): void {
  const secure = publicUrl.startsWith('https://');
  app.get('/session-cookie', async (request, reply) => {
    const existing = request.cookies[CLIENT_COOKIE];
    const value =
      existing && CLIENT_COOKIE_PATTERN.test(existing) ? existing : randomBytes(24).toString('base64url');
    reply.setCookie(CLIENT_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: CLIENT_COOKIE_MAX_AGE_SECONDS,
    });
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });
}

export function clientCookieOf(cookies: Record<string, string | undefined>): string | null {
  const value = cookies[CLIENT_COOKIE];
  return value && CLIENT_COOKIE_PATTERN.test(value) ? value : null;
}
