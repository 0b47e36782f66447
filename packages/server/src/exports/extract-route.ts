import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ErrorType } from '@herald/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import type { Services } from '../services.ts';
import {
  acceptDownloadForm,
  downloadAuthenticator,
  DOWNLOAD_FORM_BODY_LIMIT,
  refuseDownload as refuse,
} from './download-form.ts';

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
  const authenticate = downloadAuthenticator(services);
  await app.register(async (scope) => {
    acceptDownloadForm(scope);
    scope.post<{ Params: { organization: string; file: string }; Body: unknown }>(
      '/uiv5-extract/:organization/:file',
      { bodyLimit: DOWNLOAD_FORM_BODY_LIMIT },
      async (request, reply) => {
        const { organization: organizationText, file } = request.params;
        const asking = await authenticate(request, organizationText);
        if ('refusal' in asking) return refuse(reply, asking.refusal);
        const { organization } = asking;
        const organizationId = organization.organizationId;
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
