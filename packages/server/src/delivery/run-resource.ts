import { resourceDefinitions, type DeploymentRunRecord } from '@herald/protocol';
import { sql } from 'kysely';
import { implementResource } from '../query/resources.ts';
import { EXTRACT_LIFETIME_MS } from '../uploads/file-store.ts';
import { audienceFileName } from './displayad-audience.ts';

export interface DeploymentRunRow {
  id: number;
  activity_id: number;
  revision_id: number;
  channel: DeploymentRunRecord['channel'];
  status: DeploymentRunRecord['status'];
  recipients: number;
  sent: number;
  failed: number;
  suppressed: number;
  partition_ids: number[] | null;
  details: Record<string, unknown> | null;
  started_at: Date;
  finished_at: Date | null;
}

/** The columns a run record is made of; the activity's partitions come along for live pushes. */
export const RUN_SELECT = sql<DeploymentRunRow>`deployment_run.id, deployment_run.activity_id,
  deployment_run.revision_id, deployment_run.channel, deployment_run.status, deployment_run.recipients,
  deployment_run.sent, deployment_run.failed, deployment_run.suppressed,
  (SELECT a.partition_ids FROM activity a WHERE a.id = deployment_run.activity_id) AS partition_ids,
  deployment_run.details, deployment_run.started_at, deployment_run.finished_at`;

export function deploymentRunRecord(row: DeploymentRunRow): DeploymentRunRecord {
  const resumesAt = row.details?.resumesAt;
  return {
    id: Number(row.id),
    activityId: row.activity_id,
    revisionId: row.revision_id,
    channel: row.channel,
    status: row.status,
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    suppressed: row.suppressed,
    partitionIds: row.partition_ids ?? [],
    resumesAt: row.status === 'waiting' && typeof resumesAt === 'string' ? resumesAt : null,
    audienceFile: audienceFileOf(row),
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/**
 * The name of the run's kept audience file while it is there to download: displayad-audience.ts notes when it
 * was kept (`details.audienceFileKeptAt`) and the file store sweeps extracts EXTRACT_LIFETIME_MS after.
 */
function audienceFileOf(row: DeploymentRunRow, now = Date.now()): string | null {
  const keptAt = row.details?.audienceFileKeptAt;
  if (typeof keptAt !== 'string') return null;
  return now - new Date(keptAt).getTime() < EXTRACT_LIFETIME_MS ? audienceFileName(Number(row.id)) : null;
}

/** Deployment runs (query type `deploymentRun`), newest first; a restricted user reads their activities' only. */
export const deploymentRunResource = implementResource({
  definition: resourceDefinitions.deploymentRun,
  table: 'deployment_run',
  select: RUN_SELECT,
  toRecord: deploymentRunRecord,
  filters: {
    id: { column: 'deployment_run.id' },
    activityId: { column: 'deployment_run.activity_id' },
    status: { column: 'deployment_run.status' },
  },
  sortable: { startedAt: 'started_at' },
  search: [],
  restrictedCondition: (actor) => sql`EXISTS (SELECT 1 FROM activity a WHERE a.id = deployment_run.activity_id
    AND a.partition_ids && ${actor.partitionIds ?? []}::integer[])`,
});
