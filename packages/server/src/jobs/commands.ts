import { HeraldError, organizationCommands } from '@herald/protocol';
import { sql } from 'kysely';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import type { Services } from '../services.ts';

/** The job, when the caller may act on it: its kind's capability (or admin), and their own when restricted. */
async function actionableJob(services: Services, organization: AuthenticatedOrganization, jobId: number) {
  const job = await services.db
    .selectFrom('job')
    .select(['id', 'kind', 'status', 'created_by', 'params'])
    .where('id', '=', jobId)
    .where('organization_id', '=', organization.organizationId)
    .executeTakeFirst();
  if (!job) throw new HeraldError('NotFoundError');
  const capability = services.jobs.handlerOf(job.kind)?.capability;
  const capabilities: readonly string[] = organization.capabilities;
  const allowed =
    capabilities.includes('admin') || (capability !== undefined && capabilities.includes(capability));
  const restricted = organization.partitionsets.length > 0 && job.created_by !== organization.userId;
  if (!allowed || restricted) throw new HeraldError('PrivilegesError');
  return job;
}

/** retryJob and cancelJob; the capability each needs is the job kind's (its area's job handler). */
export const jobOrganizationCommands: CommandRegistry = {
  retryJob: registerCommand(
    organizationCommands.retryJob,
    { kind: 'organization', capabilities: [] },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const job = await actionableJob(services, organization, params.jobId);
      // Attempts start again: a retry is a person's decision, not another crash. It is a run of its own, now:
      // a repeating job's schedule goes on with the occurrence queued when this one failed.
      const updated =
        await sql`UPDATE job SET status = 'queued', error = NULL, attempts = 0, locked_by = NULL,
          finished_at = NULL, updated_at = now(), run_at = now(), repeat = NULL, series = NULL
        WHERE id = ${job.id} AND status = 'failed' RETURNING id`.execute(services.db);
      if (updated.rows.length === 0) throw new HeraldError('JobNotRetryableError');
      await services.jobs.announce(organization.organizationId, job.id);
      services.jobs.poke();
      return { jobId: job.id, status: 'queued' };
    },
  ),

  cancelJob: registerCommand(
    organizationCommands.cancelJob,
    { kind: 'organization', capabilities: [] },
    async (params, { connection, services }) => {
      const organization = connection.organization;
      if (!organization) throw new HeraldError('UnauthenticatedCommand');
      const job = await actionableJob(services, organization, params.jobId);
      const updated = await sql`UPDATE job SET status = 'cancelled', locked_by = NULL, finished_at = now(),
          updated_at = now()
        WHERE id = ${job.id} AND status IN ('queued', 'running') RETURNING id`.execute(services.db);
      if (updated.rows.length === 0) throw new HeraldError('JobNotCancellableError');
      // The process running it (this one or another) notices at its next checkpoint or heartbeat.
      services.jobs.abort(job.id);
      await services.jobs.handlerOf(job.kind)?.cancelled?.(services.db, {
        id: job.id,
        organizationId: organization.organizationId,
        params: (job.params ?? {}) as Record<string, unknown>,
      });
      await services.jobs.announce(organization.organizationId, job.id);
      return { jobId: job.id, status: 'cancelled' };
    },
  ),
};
