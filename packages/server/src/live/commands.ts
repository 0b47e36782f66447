import { HeraldError, liveCommands } from '@herald/protocol';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';

const member = { kind: 'organization', capabilities: [] } as const;

/** Organization-channel commands of this area, each registered with its access (channels/registry.ts). */
export const liveOrganizationCommands: CommandRegistry = {
  addSubscription: registerCommand(
    liveCommands.addSubscription,
    member,
    async (params, { connection, services }) => {
      if (!connection.organization) throw new HeraldError('UnauthenticatedCommand');
      const subscriptionId = await services.recordChanges.subscribe(connection, params.query.type);
      return { subscriptionId };
    },
  ),
  removeSubscription: registerCommand(
    liveCommands.removeSubscription,
    member,
    async (params, { connection, services }) => {
      services.recordChanges.unsubscribe(connection, params.organizationId, params.subscriptionId);
      return {};
    },
  ),
};
