import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { HeraldError, type ErrorType } from '@herald/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { allowedOriginSet, isOriginAllowed } from '../channels/origin.ts';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import { authenticateOrganization } from '../organizations/authenticate-organization.ts';
import type { Services } from '../services.ts';

/** The form is one hidden field (the token); anything larger is not this form. */
const FORM_BODY_LIMIT = 16 * 1024;

const STATUS: Partial<Record<ErrorType, number>> = {
  OrgAuthenticationError: 401,
  PrivilegesError: 403,
  ExtractNotFoundError: 404,
};

function refuse(reply: FastifyReply, type: ErrorType): FastifyReply {
  return reply
    .code(STATUS[type] ?? 400)
    .header('Cache-Control', 'no-store')
    .send({ error: new HeraldError(type).toWire() });
}

/** Who may download an extract: a rejected-rows report of an import needs database-manage, others database-extract. */
function mayDownload(
  organization: AuthenticatedOrganization,
  extract: { created_by: number | null; job_kind: string | null },
): ErrorType | null {
  const needed = extract.job_kind === 'import' ? 'database-manage' : 'database-extract';
  if (!organization.capabilities.includes(needed)) return 'PrivilegesError';
  // A partition-restricted user downloads only what they created themselves; others' are not theirs to see.
  if (organization.partitionsets.length > 0 && extract.created_by !== organization.userId)
    return 'ExtractNotFoundError';
  return null;
}

/**
 * POST /uiv5-extract/{organization}/{name}.zip (platform §7, PROTOCOL §5): a form with the hidden field `jwt`
 * (an organization token of that organization) downloads the extract. Refusals answer
 * `{"error": {"type", "message"}}`: 401 OrgAuthenticationError (no or bad token), 403 PrivilegesError
 * (capability, or an Origin not allowed), 404 ExtractNotFoundError (unknown, another organization's,
 * expired, or a restricted user's view of someone else's). The token travels in the body, never the URL,
 * and is never logged.
 */
export async function registerExtractRoute(app: FastifyInstance, services: Services): Promise<void> {
  const allowedOrigins = allowedOriginSet(services.config.publicUrl, services.config.allowedOrigins);
  await app.register(async (scope) => {
    // Browsers post the form urlencoded; URLSearchParams reads it (this scope only, not the upload route's).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { organization: string; file: string }; Body: unknown }>(
      '/uiv5-extract/:organization/:file',
      { bodyLimit: FORM_BODY_LIMIT },
      async (request, reply) => {
        if (!isOriginAllowed(request.headers.origin, allowedOrigins)) {
          request.log.warn({ origin: request.headers.origin }, 'extract download origin refused');
          return refuse(reply, 'PrivilegesError');
        }
        const { organization: organizationText, file } = request.params;
        const organizationId = /^\d{1,9}$/.test(organizationText) ? Number(organizationText) : NaN;
        const body = request.body;
        const jwt =
          typeof body === 'object' && body !== null && typeof (body as { jwt?: unknown }).jwt === 'string'
            ? (body as { jwt: string }).jwt
            : '';
        if (jwt === '' || !Number.isInteger(organizationId)) return refuse(reply, 'OrgAuthenticationError');
        let organization: AuthenticatedOrganization;
        try {
          organization = await authenticateOrganization(services, jwt, organizationId);
        } catch (error) {
          if (!(error instanceof HeraldError)) request.log.warn({ err: error }, 'extract token check failed');
          return refuse(reply, 'OrgAuthenticationError');
        }
        const capabilities = organization.capabilities;
        if (!capabilities.includes('database-extract') && !capabilities.includes('database-manage'))
          return refuse(reply, 'PrivilegesError');
        const name = file.endsWith('.zip') ? file.slice(0, -'.zip'.length) : '';
        const extract = (
          await sql<{ path: string; size: number; created_by: number | null; job_kind: string | null }>`
            SELECT e.path, e.size, e.created_by, j.kind AS job_kind
            FROM extract_file e LEFT JOIN job j ON j.id = e.job_id
            WHERE e.name = ${name} AND e.organization_id = ${organizationId} AND e.expires_at > now()`.execute(
            services.db,
          )
        ).rows[0];
        if (!extract) return refuse(reply, 'ExtractNotFoundError');
        const refusal = mayDownload(organization, extract);
        if (refusal) return refuse(reply, refusal);
        const onDisk = await stat(extract.path).catch(() => undefined);
        if (!onDisk?.isFile()) return refuse(reply, 'ExtractNotFoundError');
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${name}.zip"`)
          .header('Content-Length', String(onDisk.size))
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(createReadStream(extract.path));
      },
    );
  });
}
