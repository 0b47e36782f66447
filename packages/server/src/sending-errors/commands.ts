import { HeraldError, organizationCommands } from '@herald/protocol';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { activityIdFrom } from '../workflow/activity-id.ts';
import { announceWorkflowEvents } from '../workflow/workflow-log.ts';
import { retryDeliveries } from './retry-deliveries.ts';
import { sendingErrorsOf } from './sending-errors.ts';

/** The actor of a command that reads activities: base or franchisee, as the query engine checks for reading. */
async function readingActor(context: CommandContext): Promise<Actor> {
  const actor = await commandActor(context);
  if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
    throw new HeraldError('PrivilegesError');
  return actor;
}

/** getSendingErrors (whoever reads the activity) and retryDeliveries (content-deploy), commands/sending-errors.ts. */
export const sendingErrorOrganizationCommands: CommandRegistry = {
  getSendingErrors: registerCommand(
    organizationCommands.getSendingErrors,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await readingActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { db } = context.services;
      const activity = await readVisibleActivity(db, actor, activityId);
      if (!activity) throw new HeraldError('ActivityNotFoundError');
      return sendingErrorsOf(db, actor.organizationId, activity.id, params.runId);
    },
  ),

  retryDeliveries: registerCommand(
    organizationCommands.retryDeliveries,
    { kind: 'organization', capabilities: ['content-deploy'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const activityId = activityIdFrom(params.activityId);
      const { services } = context;
      const outcome = await services.db
        .transaction()
        .execute((trx) => retryDeliveries(trx, actor, activityId, params.runId));
      services.jobs.poke();
      const { activity } = outcome;
      const announced = [
        ...(outcome.activityMoved ? [{ type: 'activity' as const, records: [activity] }] : []),
        // One record per run: pages showing deliveries re-query what they show on any push.
        {
          type: 'delivery' as const,
          records: outcome.runIds.map((runId) => ({
            activityId: activity.id,
            runId,
            status: 'queued',
            partitionIds: activity.partitionIds,
          })),
        },
      ];
      for (const change of announced)
        await services.recordChanges
          .announce({ organizationId: actor.organizationId, ...change })
          .catch((error: unknown) => services.log.error({ err: error }, 'announcing a retry failed'));
      await announceWorkflowEvents(services, actor.organizationId, [outcome.event]);
      return { retried: outcome.retried, runIds: outcome.runIds };
    },
  ),
};
