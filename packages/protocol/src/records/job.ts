import { z } from 'zod';
import { defineResource, filterOn } from '../resources/define.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';

/** PROTOCOL §5: long work runs as a job clients watch. */
export const JOB_KINDS = [
  'import',
  'export',
  'audience',
  'calculation',
  'customFieldImport',
  'partitionImport',
  'assetImport',
  // Starts a queued deployment of an activity (docs/workflow.md § Scheduling) and opens its run.
  'activityDeployment',
  // Sends one deployment run's messages (docs/architecture.md § The delivery engine).
  'deliveryRun',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job as the server answers it (query type `job`); PROTOCOL §5's fields plus Herald's own. */
export const jobRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ type: z.string(), message: z.string() }).optional(),
  /** What it works on, for people: a file name, a list name … */
  name: z.string(),
  createdBy: z.number().int().nullable(),
  createdByEmail: z.string().nullable(),
  /** Two-person approval of an export: required, and who approved it. */
  approval: z.object({
    required: z.boolean(),
    approvedBy: z.number().int().nullable(),
    approvedAt: z.string().nullable(),
  }),
  attempts: z.number().int(),
  /** When it is (or was) due: a queued job does not start before. */
  runAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

export const jobResource = defineResource({
  type: 'job',
  description: 'Long work (PROTOCOL §5): imports, exports, generations, calculations, with live progress.',
  record: jobRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    kind: { kind: 'named', description: `one or more of ${JOB_KINDS.join(', ')}` },
    status: { kind: 'named', description: `one or more of ${JOB_STATUSES.join(', ')}` },
    createdBy: { kind: 'integer', operators: ['eq'] },
    createdAt: filterOn.instant,
  },
  sortKeys: ['createdAt', 'updatedAt', 'status'],
  searchable: true,
  ...RESOURCE_ACCESS.job,
  live: true,
});
