import { z } from 'zod';
import { CHANNELS } from '../constants/enumerations.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';

/**
 * A run's state: `snapshotting` while its recipients are chosen, `sending`, `waiting` through the channel's
 * quiet hours, `suspended` with its activity, then `finished`, `cancelled` or `failed`.
 */
export const DEPLOYMENT_RUN_STATUSES = [
  'snapshotting',
  'sending',
  'waiting',
  'suspended',
  'finished',
  'cancelled',
  'failed',
] as const;
export type DeploymentRunStatus = (typeof DEPLOYMENT_RUN_STATUSES)[number];

/**
 * One execution of an activity's deployment (docs/architecture.md § The delivery engine): a broadcast, one run of
 * a schedule, or a batch of triggered sends, with its progress. `recipients` is the snapshot's size (those a rule
 * left out are counted in `suppressed`, not in it); `sent + failed` of `recipients` is done.
 */
export const deploymentRunRecordSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  revisionId: z.number().int(),
  channel: z.enum(CHANNELS),
  status: z.enum(DEPLOYMENT_RUN_STATUSES),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  /** The activity's partitions, so a partition-restricted user sees the runs of their activities. */
  partitionIds: z.array(z.number().int()),
  /** When a run waiting through quiet hours goes on. */
  resumesAt: z.string().nullable(),
  /**
   * A display-ad run's hashed audience file, kept for download at `POST /uiv5-audience/{organization}/{id}.csv`
   * (its name, `audience-{id}.csv`); null when none was kept or it has been swept (after 7 days).
   */
  audienceFile: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DeploymentRunRecord = z.infer<typeof deploymentRunRecordSchema>;

export const deploymentRunResource = defineResource({
  type: 'deploymentRun',
  description:
    'Deployment runs: each execution of an activity’s deployment with its progress, pushed live ' +
    'as it sends (at most twice a second per run). Filter by id, activityId or status; newest first.',
  record: deploymentRunRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    activityId: filterOn.key,
    status: filterOn.code,
  },
  sortKeys: ['startedAt'],
  defaultSortKey: 'startedAt',
  searchable: false,
  ...RESOURCE_ACCESS.deploymentRun,
  live: true,
});
