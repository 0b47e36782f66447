import {
  HeraldError,
  MAX_SEND_RATE_PER_MINUTE,
  MIN_THROTTLE,
  allowedWorkflowActions,
  type ActivityStatus,
  type WorkflowAction,
  type WorkflowParams,
} from '@herald/protocol';
import { sql } from 'kysely';
import { readOrganizationSendingSettings } from '../organization-access/sending-settings.ts';
import { validation } from '../query/resources.ts';
import {
  approversOf,
  decideRevisionApproval,
  requestRevisionApproval,
  withdrawRevisionApproval,
} from './activity-approval.ts';
import { cancelDeploymentJob, checkDeployable, queueDeployment } from './deployment.ts';
import { moveActivity, transitionOf } from './move-activity.ts';
import { passTargetingRule } from './targeting-rule-gate.ts';
import { addParticipant, isParticipant, listParticipants, removeParticipant } from './participants.ts';
import type { ActionInput, ActionOutcome } from './workflow-context.ts';
import { logWorkflowEvent } from './workflow-log.ts';

type ParamsOf<Action extends WorkflowAction> = Extract<WorkflowParams, { action: Action }>;
type Handler<Action extends WorkflowAction> = (
  input: ActionInput<ParamsOf<Action>>,
) => Promise<ActionOutcome>;

/** Moves the activity as the table says for the action, logs it, and answers the outcome. */
async function step(
  input: ActionInput,
  options: {
    to?: ActivityStatus;
    comment?: string | undefined;
    details?: Record<string, unknown>;
    set?: Parameters<typeof moveActivity>[4];
  } = {},
): Promise<ActionOutcome> {
  const { trx, actor, activity, params } = input;
  const to = options.to ?? transitionOf(activity, params.action, params.version);
  const moved = await moveActivity(trx, actor.organizationId, activity, to, options.set);
  const event = await logWorkflowEvent(trx, actor.organizationId, {
    activity: moved,
    action: params.action,
    from: activity.status,
    to: moved.status,
    userId: actor.userId,
    comment: options.comment,
    details: options.details,
  });
  return { activity: moved, events: [event], activityChanged: true };
}

/** Logs an action that leaves the activity as it is (a comment, a participant), after the table allows it. */
async function note(
  input: ActionInput,
  comment: string | undefined,
  details: Record<string, unknown> = {},
): Promise<ActionOutcome> {
  const { trx, actor, activity, params } = input;
  transitionOf(activity, params.action, params.version);
  const event = await logWorkflowEvent(trx, actor.organizationId, {
    activity,
    action: params.action,
    from: activity.status,
    to: activity.status,
    userId: actor.userId,
    comment,
    details,
  });
  return { activity, events: [event], activityChanged: false };
}

/**
 * The time a deployment is queued for: the time given, else the activity's date, else now. It may be past: a
 * repeating schedule keeps its wall-clock times from it, and anything else runs now (deployment.ts).
 */
function queuedAt(at: string | undefined | null): Date {
  const parsed = at ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

async function queue(
  input: ActionInput,
  at: Date,
  overrideReason?: string,
  options: { runNow?: boolean } = {},
): Promise<ActionOutcome> {
  const { trx, actor, activity, params } = input;
  const to = transitionOf(activity, params.action, params.version);
  const revisionId = await checkDeployable(trx, actor.organizationId, activity);
  const override = await passTargetingRule(trx, actor, activity, overrideReason);
  const { jobId, runAt } = await queueDeployment(trx, actor, activity, revisionId, at, options);
  const outcome = await step(input, {
    to,
    details: { jobId, revisionId, at: runAt.toISOString(), ...override },
    set: { deploymentJobId: jobId },
  });
  return { ...outcome, queuedJob: jobId, reply: { jobId } };
}

/** Suspends a queued deployment (suspend, or a throttle under 1): its job is cancelled, kept for resume. */
async function suspend(
  input: ActionInput,
  comment: string | undefined,
  to: ActivityStatus,
): Promise<ActionOutcome> {
  const cancelled = await cancelDeploymentJob(input.trx, input.actor.organizationId, input.activity.id);
  const outcome = await step(input, { to, comment, details: { jobId: cancelled ?? null } });
  return cancelled === undefined ? outcome : { ...outcome, cancelledJob: cancelled };
}

/** Tells who asked for approval what was decided (not when they decided it themselves). */
function decisionNotice(
  requestedBy: number | null,
  decidedBy: number,
  messageKey: string,
  name: string,
): ActionOutcome['notify'] {
  if (requestedBy === null || requestedBy === decidedBy) return undefined;
  return { userIds: [requestedBy], kind: 'approvals', messageKey, values: { name } };
}

/**
 * Every action's handler, by name, each run in the command's transaction; the command (commands.ts) checks the
 * permission first. `check` (check-action.ts) and the proofs (proof-action.ts) run outside a transaction.
 */
export const workflowActions: {
  [Action in Exclude<WorkflowAction, 'check' | 'proof' | 'generateProofMatrix'>]: Handler<Action>;
} = {
  open: async (input) => {
    const to = transitionOf(input.activity, 'open', input.params.version);
    const revisionId = await requestRevisionApproval(input.trx, input.actor, input.activity);
    const outcome = await step(input, { to, comment: input.params.comment, details: { revisionId } });
    const approvers = await approversOf(input.trx, input.actor.organizationId, input.actor.userId);
    return {
      ...outcome,
      notify: {
        userIds: approvers,
        kind: 'approvals',
        messageKey: 'activityApprovalRequested',
        values: { name: input.activity.name },
      },
    };
  },
  close: async (input) => {
    const to = transitionOf(input.activity, 'close', input.params.version);
    await withdrawRevisionApproval(input.trx, input.actor, input.activity);
    return step(input, { to, comment: input.params.comment });
  },
  comment: (input) => note(input, input.params.text),
  cancelCheck: (input) => step(input),
  approve: async (input) => {
    const to = transitionOf(input.activity, 'approve', input.params.version);
    const { trx, actor, activity, params } = input;
    const override = await passTargetingRule(trx, actor, activity, params.overrideReason);
    const decided = await decideRevisionApproval(trx, actor, activity, true, params.comment);
    const outcome = await step(input, {
      to,
      comment: params.comment,
      details: { revisionId: decided.revisionId, ...override },
      set: { approvalResetAt: null },
    });
    return {
      ...outcome,
      notify: decisionNotice(decided.requestedBy, actor.userId, 'activityApproved', activity.name),
    };
  },
  reject: async (input) => {
    const to = transitionOf(input.activity, 'reject', input.params.version);
    const { trx, actor, activity, params } = input;
    const decided = await decideRevisionApproval(trx, actor, activity, false, params.comment);
    const outcome = await step(input, {
      to,
      comment: params.comment,
      details: { revisionId: decided.revisionId },
    });
    return {
      ...outcome,
      notify: decisionNotice(decided.requestedBy, actor.userId, 'activityRejected', activity.name),
    };
  },
  queueSchedule: (input) =>
    queue(input, queuedAt(input.params.at ?? input.activity.date), input.params.overrideReason),
  // Now; a repeating schedule's later runs keep the wall-clock time of its date when it has one.
  queueDeploy: (input) =>
    queue(
      input,
      queuedAt(input.activity.distribution.type === 'scheduled' ? input.activity.date : undefined),
      input.params.overrideReason,
      {
        runNow: true,
      },
    ),
  queueCancel: async (input) => {
    const to = transitionOf(input.activity, 'queueCancel', input.params.version);
    const cancelled = await cancelDeploymentJob(input.trx, input.actor.organizationId, input.activity.id);
    const outcome = await step(input, {
      to,
      comment: input.params.comment,
      details: { jobId: cancelled ?? null },
      set: { deploymentJobId: null },
    });
    return cancelled === undefined ? outcome : { ...outcome, cancelledJob: cancelled };
  },
  suspend: (input) =>
    suspend(input, input.params.comment, transitionOf(input.activity, 'suspend', input.params.version)),
  resume: async (input) => {
    const { trx, actor, activity } = input;
    // Resumes at the time it was queued for, or now when that has passed.
    const previous = await sql<{ at: string | null }>`SELECT j.params ->> 'at' AS at FROM job j
      WHERE j.id = (SELECT deployment_job_id FROM activity WHERE id = ${activity.id}
        AND organization_id = ${actor.organizationId})`.execute(trx);
    const at = previous.rows[0]?.at;
    return queue(input, queuedAt(at));
  },
  addParticipant: async (input) => {
    const { trx, actor, activity, params } = input;
    transitionOf(activity, 'addParticipant', params.version);
    const added = await addParticipant(trx, actor.organizationId, activity.id, params.email, actor.userId);
    const outcome = await note(input, undefined, { participant: added });
    return {
      ...outcome,
      reply: { participants: await listParticipants(trx, actor.organizationId, activity.id) },
    };
  },
  removeParticipant: async (input) => {
    const { trx, actor, activity, params } = input;
    transitionOf(activity, 'removeParticipant', params.version);
    if (!(await removeParticipant(trx, actor.organizationId, activity.id, params.userId)))
      throw validation('userId', 'Not a participant of this activity');
    const outcome = await note(input, undefined, { userId: params.userId });
    return {
      ...outcome,
      reply: { participants: await listParticipants(trx, actor.organizationId, activity.id) },
    };
  },
  updateThrottle: async (input) => {
    const { activity, params } = input;
    const to = transitionOf(activity, 'updateThrottle', params.version);
    // The organization config may cap a channel below the product's maximum (maxThrottlePerActivityType).
    const { maxThrottle } = await readOrganizationSendingSettings(input.trx, input.actor.organizationId);
    const limit = Math.min(MAX_SEND_RATE_PER_MINUTE, maxThrottle(activity.type));
    if (params.perMinute > limit)
      throw new HeraldError('MaxSendRateError', { values: { limit: limit.toLocaleString('en') } });
    if (params.perMinute < MIN_THROTTLE) {
      // Functional §5: a throttle under 1 suspends the deployment; with none queued there is nothing to slow.
      if (activity.status !== 'scheduled' && activity.status !== 'deploying')
        throw validation('perMinute', `At least ${MIN_THROTTLE} message a minute`);
      return suspend(input, undefined, 'suspended');
    }
    return step(input, { to, details: { perMinute: params.perMinute }, set: { throttle: params.perMinute } });
  },
  getRoles: async ({ trx, actor, activity }) => {
    const participant = await isParticipant(trx, actor.organizationId, activity.id, actor.userId);
    return {
      activity,
      events: [],
      activityChanged: false,
      reply: {
        actions: allowedWorkflowActions(
          activity.status,
          actor.capabilities as Parameters<typeof allowedWorkflowActions>[1],
          participant,
        ),
        participants: await listParticipants(trx, actor.organizationId, activity.id),
      },
    };
  },
};
