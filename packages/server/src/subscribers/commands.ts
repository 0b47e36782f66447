import { organizationCommands } from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { announceChanges } from './announce-changes.ts';
import { anonymizeSubscriber } from './anonymize-subscriber.ts';
import { commandActor } from './subscriber-access.ts';
import { setSubscriberStatus } from './subscriber-status.ts';
import { updateSubscriber } from './update-subscriber.ts';

/**
 * Organization-channel commands of this area, each registered with its access (channels/registry.ts). All
 * need database-manage; a partition-restricted user reaches only subscribers of their partitions (others
 * answer as if they did not exist).
 */
export const subscriberOrganizationCommands: CommandRegistry = {
  updateSubscriber: registerCommand(
    organizationCommands.updateSubscriber,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { subscriber, eventIds } = await context.services.db
        .transaction()
        .execute((trx) => updateSubscriber(trx, actor, params.subscriberId, params.data));
      await announceChanges(context.services, actor.organizationId, { subscribers: [subscriber], eventIds });
      return { subscriber };
    },
  ),

  setSubscriberStatus: registerCommand(
    organizationCommands.setSubscriberStatus,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { subscriber, listIds, eventIds } = await context.services.db
        .transaction()
        .execute((trx) => setSubscriberStatus(trx, actor, params.subscriberId, params));
      await announceChanges(context.services, actor.organizationId, {
        subscribers: [subscriber],
        listIds,
        memberships: { subscriberId: subscriber.id, listIds },
        eventIds,
      });
      return { subscriber };
    },
  ),

  anonymizeSubscriber: registerCommand(
    organizationCommands.anonymizeSubscriber,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { subscriber, listIds } = await context.services.db
        .transaction()
        .execute((trx) => anonymizeSubscriber(trx, actor, params.subscriberId));
      await announceChanges(context.services, actor.organizationId, { subscribers: [subscriber], listIds });
      return { subscriberId: subscriber.id, anonymizedAt: subscriber.anonymizedAt ?? '' };
    },
  ),
};
