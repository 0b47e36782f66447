import { z } from 'zod';
import { ACTIVITY_STATUSES } from '../constants/enumerations.ts';
import { RESOURCE_ACCESS } from '../resources/access.ts';
import { defineResource, filterOn } from '../resources/define.ts';
import { WORKFLOW_ACTIONS } from './transitions.ts';

/**
 * What the log records besides the actions: a check run's outcome, a reset of approval by a change after it,
 * the scheduler starting a deployment, each later run of a repeating one, a run aborted (past its send limit),
 * a check given up because the server running it stopped, and failed deliveries sent again (retryDeliveries).
 */
export const WORKFLOW_EVENT_ACTIONS = [
  // getRoles is never logged; it stays in the list so every action's name is one type.
  ...WORKFLOW_ACTIONS,
  'checkFinished',
  'approvalReset',
  'deploymentStarted',
  'deploymentRun',
  'deploymentAborted',
  // A broadcast's run has sent to every recipient (details: runId and the run's counts).
  'deploymentFinished',
  'checkAbandoned',
  'deliveriesRetried',
] as const;
export type WorkflowEventAction = (typeof WORKFLOW_EVENT_ACTIONS)[number];

/**
 * One entry of an activity's workflow log: what was done, the status before and after (the same when the
 * action does not move it), by whom (null for the server's own moves), and the comment or details (a check's
 * results, a participant, a deployment's time).
 */
export const workflowEventRecordSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  action: z.enum(WORKFLOW_EVENT_ACTIONS),
  fromStatus: z.enum(ACTIVITY_STATUSES),
  toStatus: z.enum(ACTIVITY_STATUSES),
  by: z.number().int().nullable(),
  /** The author's sign-in address, for a log that says who. */
  byName: z.string().nullable(),
  comment: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
  /** The activity's partitions, so restricted users read and are pushed only their own activities' logs. */
  partitionIds: z.array(z.number().int()),
});
export type WorkflowEventRecord = z.infer<typeof workflowEventRecordSchema>;

export const workflowEventResource = defineResource({
  type: 'workflowEvent',
  description:
    'An activity’s workflow log (docs/workflow.md), newest first: every workflow action, check ' +
    'outcome and approval reset, with who and when. Filter by activityId and action.',
  record: workflowEventRecordSchema,
  write: undefined,
  filters: {
    id: filterOn.key,
    activityId: filterOn.key,
    action: filterOn.code,
    at: filterOn.instant,
  },
  sortKeys: ['at'],
  defaultSortKey: 'at',
  searchable: false,
  ...RESOURCE_ACCESS.workflowEvent,
  live: true,
});
