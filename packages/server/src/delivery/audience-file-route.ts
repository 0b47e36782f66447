import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { RESOURCE_ACCESS } from '@herald/protocol';
import type { FastifyInstance } from 'fastify';
import { readVisibleActivity } from '../activities/activity-record.ts';
import {
  acceptDownloadForm,
  downloadAuthenticator,
  DOWNLOAD_FORM_BODY_LIMIT,
  refuseDownload as refuse,
} from '../exports/download-form.ts';
import { actorOf } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { audienceFileName, audienceFilePath } from './displayad-audience.ts';

/**
 * POST /uiv5-audience/{organization}/{runId}.csv: a display-ad run's hashed audience file
 * (displayad-audience.ts keeps a copy), downloaded as the extracts are (exports/download-form.ts: a form with
 * the hidden field `jwt`). Whoever may read the run's activity may download it: a read capability of
 * `activity`, and a partition-restricted user only for their partitions' activities. Refusals answer
 * `{"error": {"type", "message"}}`: 401 OrgAuthenticationError, 403 PrivilegesError (no read capability, an
 * Origin not allowed), 404 ExtractNotFoundError for a run that is not the organization's, an activity the
 * user may not see, or a file never kept or already swept (the same answer for all, so another organization's
 * runs cannot be probed).
 */
export async function registerAudienceFileRoute(app: FastifyInstance, services: Services): Promise<void> {
  const authenticate = downloadAuthenticator(services);
  await app.register(async (scope) => {
    acceptDownloadForm(scope);
    scope.post<{ Params: { organization: string; file: string }; Body: unknown }>(
      '/uiv5-audience/:organization/:file',
      { bodyLimit: DOWNLOAD_FORM_BODY_LIMIT },
      async (request, reply) => {
        const asking = await authenticate(request, request.params.organization);
        if ('refusal' in asking) return refuse(reply, asking.refusal);
        const { organization } = asking;
        const readers: readonly string[] = RESOURCE_ACCESS.activity.readCapabilities;
        if (!organization.capabilities.some((capability) => readers.includes(capability)))
          return refuse(reply, 'PrivilegesError');
        const runId = /^(\d{1,15})\.csv$/.exec(request.params.file)?.[1];
        const run = runId
          ? await services.db
              .selectFrom('deployment_run')
              .select(['id', 'activity_id'])
              .where('id', '=', Number(runId))
              .where('organization_id', '=', organization.organizationId)
              .where('channel', '=', 'displayad')
              .executeTakeFirst()
          : undefined;
        if (!run) return refuse(reply, 'ExtractNotFoundError');
        const actor = await actorOf(services.db, organization);
        if (!(await readVisibleActivity(services.db, actor, run.activity_id)))
          return refuse(reply, 'ExtractNotFoundError');
        const file = audienceFilePath(services.files, organization.organizationId, Number(run.id));
        const onDisk = await stat(file).catch(() => undefined);
        if (!onDisk?.isFile()) return refuse(reply, 'ExtractNotFoundError');
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${audienceFileName(Number(run.id))}"`)
          .header('Content-Length', String(onDisk.size))
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(createReadStream(file));
      },
    );
  });
}
