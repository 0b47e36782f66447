import { HeraldError, type ErrorType } from '@herald/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowedOriginSet, isOriginAllowed } from '../channels/origin.ts';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import { authenticateOrganization } from '../organizations/authenticate-organization.ts';
import type { Services } from '../services.ts';

/** The form is one hidden field (the token); anything larger is not this form. */
export const DOWNLOAD_FORM_BODY_LIMIT = 16 * 1024;

const STATUS: Partial<Record<ErrorType, number>> = {
  OrgAuthenticationError: 401,
  PrivilegesError: 403,
  ExtractNotFoundError: 404,
};

/** A refused download: `{"error": {"type", "message"}}` with the type's status. */
export function refuseDownload(reply: FastifyReply, type: ErrorType): FastifyReply {
  return reply
    .code(STATUS[type] ?? 400)
    .header('Cache-Control', 'no-store')
    .send({ error: new HeraldError(type).toWire() });
}

/** Lets a route scope read the urlencoded form browsers post (that scope only, not the upload route's). */
export function acceptDownloadForm(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: DOWNLOAD_FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/**
 * The downloads' form (platform §7): a POST from an allowed Origin whose hidden field `jwt` is an organization
 * token of the organization in the address. Answers who is asking, or the refusal: PrivilegesError for another
 * Origin, OrgAuthenticationError for no token, a bad or expired one, or one of another organization. The token
 * travels in the body, never the URL, and is never logged.
 */
export function downloadAuthenticator(services: Services) {
  const allowedOrigins = allowedOriginSet(services.config.publicUrl, services.config.allowedOrigins);
  return async (
    request: FastifyRequest,
    organizationText: string,
  ): Promise<{ organization: AuthenticatedOrganization } | { refusal: ErrorType }> => {
    if (!isOriginAllowed(request.headers.origin, allowedOrigins)) {
      request.log.warn({ origin: request.headers.origin }, 'download origin refused');
      return { refusal: 'PrivilegesError' };
    }
    const organizationId = /^\d{1,9}$/.test(organizationText) ? Number(organizationText) : NaN;
    const body = request.body;
    const jwt =
      typeof body === 'object' && body !== null && typeof (body as { jwt?: unknown }).jwt === 'string'
        ? (body as { jwt: string }).jwt
        : '';
    if (jwt === '' || !Number.isInteger(organizationId)) return { refusal: 'OrgAuthenticationError' };
    try {
      return { organization: await authenticateOrganization(services, jwt, organizationId) };
    } catch (error) {
      if (!(error instanceof HeraldError)) request.log.warn({ err: error }, 'download token check failed');
      return { refusal: 'OrgAuthenticationError' };
    }
  };
}
