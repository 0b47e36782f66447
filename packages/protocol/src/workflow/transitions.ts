import type { Capability } from '../access/capabilities.ts';
import { ACTIVITY_STATUSES, type ActivityStatus } from '../constants/enumerations.ts';

/**
 * The actions of the `workflow` command (PROTOCOL §8, platform §4), suspend and resume added (docs/workflow.md).
 */
export const WORKFLOW_ACTIONS = [
  'open',
  'close',
  'comment',
  'proof',
  'generateProofMatrix',
  'check',
  'cancelCheck',
  'approve',
  'reject',
  'queueSchedule',
  'queueDeploy',
  'queueCancel',
  'suspend',
  'resume',
  'addParticipant',
  'removeParticipant',
  'updateThrottle',
  'getRoles',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/**
 * Who may take an action: a capability of platform §6, or `participant` (anyone the activity's participants
 * include, and anyone holding a content capability), or `reader` (anyone who may read the activity).
 */
export type WorkflowPermission = Capability | 'participant' | 'reader';

/** The statuses an activity can still be worked on in, before it leaves for good or is done. */
const WORKING: readonly ActivityStatus[] = ['draft', 'checked', 'approvalRequested', 'approved', 'rejected'];
const QUEUED: readonly ActivityStatus[] = ['scheduled', 'deploying', 'suspended'];

/** An action that leaves the status as it is, allowed from the statuses given. */
function staying(statuses: readonly ActivityStatus[]): Partial<Record<ActivityStatus, ActivityStatus>> {
  return Object.fromEntries(statuses.map((status) => [status, status]));
}

/**
 * The workflow's one declaration (docs/workflow.md shows it as a table): for each action, the capability it
 * needs and, for each status it is allowed from, the status it leads to. A status missing from `from` refuses
 * the action (WorkflowTransitionError). `check` leads to `checking`; the run's outcome then takes the activity
 * on by CHECK_OUTCOMES. The server enforces this table and the docs and tests read it, so they cannot drift.
 *
 * The shape follows the send workflows of Braze and Marketing Cloud: edit (draft), check, ask for approval
 * (`open` opens the revision to approvers; `close` withdraws the request), approve or reject, then schedule or
 * send now; a queued send can be suspended, resumed and cancelled.
 */
export const WORKFLOW_TABLE: Readonly<
  Record<
    WorkflowAction,
    { permission: WorkflowPermission; from: Readonly<Partial<Record<ActivityStatus, ActivityStatus>>> }
  >
> = {
  check: {
    permission: 'content-edit',
    from: {
      draft: 'checking',
      checked: 'checking',
      rejected: 'checking',
      cancelled: 'checking',
      failed: 'checking',
    },
  },
  cancelCheck: { permission: 'content-edit', from: { checking: 'draft' } },
  open: { permission: 'content-edit', from: { checked: 'approvalRequested' } },
  close: {
    permission: 'content-edit',
    from: { approvalRequested: 'checked', approved: 'checked', rejected: 'draft' },
  },
  approve: { permission: 'content-approve', from: { approvalRequested: 'approved' } },
  reject: { permission: 'content-approve', from: { approvalRequested: 'rejected', approved: 'rejected' } },
  queueSchedule: { permission: 'content-deploy', from: { approved: 'scheduled' } },
  queueDeploy: { permission: 'content-deploy', from: { approved: 'scheduled' } },
  queueCancel: {
    permission: 'content-deploy',
    from: { scheduled: 'approved', deploying: 'cancelled', suspended: 'cancelled' },
  },
  suspend: { permission: 'content-deploy', from: { scheduled: 'suspended', deploying: 'suspended' } },
  resume: { permission: 'content-deploy', from: { suspended: 'scheduled' } },
  proof: { permission: 'content-edit', from: staying([...WORKING, 'scheduled', 'suspended']) },
  generateProofMatrix: { permission: 'content-edit', from: staying([...WORKING, 'scheduled', 'suspended']) },
  updateThrottle: { permission: 'content-deploy', from: staying([...WORKING, ...QUEUED]) },
  comment: { permission: 'participant', from: staying(ACTIVITY_STATUSES) },
  addParticipant: { permission: 'content-edit', from: staying(ACTIVITY_STATUSES) },
  removeParticipant: { permission: 'content-edit', from: staying(ACTIVITY_STATUSES) },
  getRoles: { permission: 'reader', from: staying(ACTIVITY_STATUSES) },
};

/** Where a check run takes a `checking` activity: any failure sends it back to draft to be fixed. */
export const CHECK_OUTCOMES = { pass: 'checked', warn: 'checked', fail: 'draft' } as const satisfies Record<
  'pass' | 'warn' | 'fail',
  ActivityStatus
>;

/**
 * Moves made by the server rather than a person: the scheduler starting a queued deployment, the delivery
 * engine ending it, and a check whose server process stopped given up. Listed so the docs show
 * every edge of the machine.
 */
export const SYSTEM_TRANSITIONS = [
  { event: 'deploymentStarted', from: 'scheduled', to: 'deploying' },
  { event: 'deploymentRun', from: 'deploying', to: 'deploying' },
  { event: 'deploymentAborted', from: 'scheduled', to: 'failed' },
  { event: 'deploymentAborted', from: 'deploying', to: 'failed' },
  { event: 'deploymentFinished', from: 'deploying', to: 'deployed' },
  { event: 'deploymentFailed', from: 'deploying', to: 'failed' },
  { event: 'approvalReset', from: 'approvalRequested', to: 'draft' },
  { event: 'approvalReset', from: 'approved', to: 'draft' },
  { event: 'approvalReset', from: 'rejected', to: 'draft' },
  { event: 'checkAbandoned', from: 'checking', to: 'draft' },
  { event: 'deliveriesRetried', from: 'deployed', to: 'deploying' },
  { event: 'deliveriesRetried', from: 'deploying', to: 'deploying' },
] as const satisfies readonly { event: string; from: ActivityStatus; to: ActivityStatus }[];

/** The status `action` leads to from `status`, or undefined when the table refuses it. */
export function workflowTransition(
  action: WorkflowAction,
  status: ActivityStatus,
): ActivityStatus | undefined {
  return WORKFLOW_TABLE[action].from[status];
}

/** Whether a caller with these capabilities (and participation) holds the action's permission. */
export function holdsWorkflowPermission(
  action: WorkflowAction,
  capabilities: readonly Capability[],
  isParticipant: boolean,
): boolean {
  const permission = WORKFLOW_TABLE[action].permission;
  if (permission === 'reader') return capabilities.includes('base') || capabilities.includes('franchisee');
  if (permission === 'participant')
    return (
      isParticipant ||
      capabilities.some(
        (capability) =>
          capability === 'content-edit' ||
          capability === 'content-approve' ||
          capability === 'content-deploy',
      )
    );
  return capabilities.includes(permission);
}

/** getRoles: the actions a caller may take on an activity in `status` now, in WORKFLOW_ACTIONS order. */
export function allowedWorkflowActions(
  status: ActivityStatus,
  capabilities: readonly Capability[],
  isParticipant: boolean,
): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter(
    (action) =>
      workflowTransition(action, status) !== undefined &&
      holdsWorkflowPermission(action, capabilities, isParticipant),
  );
}
