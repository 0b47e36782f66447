import {
  HeraldError,
  holdsWorkflowPermission,
  organizationCommands,
  type ActivityRecord,
  type Capability,
  type WorkflowEventRecord,
  type WorkflowParams,
  type WorkflowResult,
} from '@herald/protocol';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { RunActivityChecks } from '../checks/check-run.ts';
import { notifyUsers } from '../notifications/notify-users.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { activityIdFrom } from './activity-id.ts';
import { abortRunningCheck, runCheckAction } from './check-action.ts';
import { isParticipant } from './participants.ts';
import { runProofAction } from './proof-action.ts';
import { workflowActions } from './workflow-actions.ts';
import type { ActionInput, ActionOutcome } from './workflow-context.ts';
import { announceWorkflowEvents } from './workflow-log.ts';

/** Pushes what a committed action changed: the activity as a record, the log entries as `workflow` events. */
async function announce(
  services: Services,
  organizationId: number,
  activity: ActivityRecord | undefined,
  events: readonly WorkflowEventRecord[],
): Promise<void> {
  if (activity)
    await services.recordChanges
      .announce({ organizationId, type: 'activity', records: [activity] })
      .catch((error: unknown) => services.log.error({ err: error }, 'announcing an activity failed'));
  await announceWorkflowEvents(services, organizationId, events);
}

/**
 * The action's permission (WORKFLOW_TABLE): refused with PrivilegesError, or for participants with the spec's
 * "Cannot add participants.". A participant permission looks the caller up among the activity's participants.
 */
async function checkPermission(services: Services, actor: Actor, activityId: number, params: WorkflowParams) {
  const capabilities = actor.capabilities as readonly Capability[];
  if (holdsWorkflowPermission(params.action, capabilities, false)) return;
  if (
    params.action === 'comment' &&
    (await isParticipant(services.db, actor.organizationId, activityId, actor.userId))
  )
    return;
  if (params.action === 'addParticipant' || params.action === 'removeParticipant')
    throw new HeraldError('CannotAddParticipantsError');
  throw new HeraldError('PrivilegesError');
}

/** Runs one action in a transaction; pushes, pokes the scheduler and notifies once it is committed. */
async function runAction(services: Services, actor: Actor, activityId: number, params: WorkflowParams) {
  const outcome: ActionOutcome = await services.db.transaction().execute(async (trx) => {
    const activity = await readVisibleActivity(trx, actor, activityId, { forUpdate: true });
    if (!activity) throw new HeraldError('ActivityNotFoundError');
    const input: ActionInput = { trx, actor, activity, params };
    const handler = workflowActions[params.action as keyof typeof workflowActions] as (
      input: ActionInput,
    ) => Promise<ActionOutcome>;
    return handler(input);
  });
  if (params.action === 'cancelCheck') abortRunningCheck(actor.organizationId, activityId);
  if (outcome.cancelledJob !== undefined) {
    services.jobs.abort(outcome.cancelledJob);
    await services.jobs.announce(actor.organizationId, outcome.cancelledJob);
  }
  if (outcome.queuedJob !== undefined) services.jobs.poke();
  await announce(
    services,
    actor.organizationId,
    outcome.activityChanged ? outcome.activity : undefined,
    outcome.events,
  );
  if (outcome.notify && outcome.notify.userIds.length > 0)
    await notifyUsers(services.db, {
      organizationId: actor.organizationId,
      userIds: outcome.notify.userIds,
      kind: outcome.notify.kind,
      actorUserId: actor.userId,
      messageKey: outcome.notify.messageKey,
      messageValues: outcome.notify.values,
      recordType: 'activity',
      recordId: activityId,
    }).catch((error: unknown) => services.log.error({ err: error }, 'notifying approvers failed'));
  return outcome;
}

/**
 * The `workflow` command (PROTOCOL §8, docs/workflow.md). Registered for any member: each action's permission
 * is the table's, checked here, so one command can hold actions of different roles. `runActivityChecks` is the
 * checks engine, injected by the area so tests and the composition choose it.
 */
export function workflowOrganizationCommands(runActivityChecks: RunActivityChecks): CommandRegistry {
  return {
    workflow: registerCommand(
      organizationCommands.workflow,
      { kind: 'organization', capabilities: [] },
      async (params, context: CommandContext): Promise<WorkflowResult> => {
        const { services } = context;
        const actor = await commandActor(context);
        if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
          throw new HeraldError('PrivilegesError');
        const activityId = activityIdFrom(params.activityId);
        const visible = await readVisibleActivity(services.db, actor, activityId);
        if (!visible) throw new HeraldError('ActivityNotFoundError');
        await checkPermission(services, actor, activityId, params);
        if (params.action === 'check') {
          const checked = await runCheckAction({
            db: services.db,
            actor,
            activity: visible,
            version: params.version,
            revisionId: params.revisionId,
            runActivityChecks,
            announce: (activity, events) => announce(services, actor.organizationId, activity, events),
            log: services.log,
            processId: services.jobs.processId,
          });
          return checked;
        }
        if (params.action === 'proof' || params.action === 'generateProofMatrix')
          return runProofAction(services, actor, visible, params, (events) =>
            announce(services, actor.organizationId, undefined, events),
          );
        const outcome = await runAction(services, actor, activityId, params);
        const eventId = outcome.events[0]?.id;
        return {
          activity: outcome.activity,
          ...(eventId === undefined ? {} : { eventId }),
          ...outcome.reply,
        };
      },
    ),
  };
}
