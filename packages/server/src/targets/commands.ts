import {
  HeraldError,
  errorMessage,
  organizationCommands,
  printTarget,
  targetIncludesListOrAudience,
} from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { checkTarget } from './target-input.ts';

/**
 * checkTarget (organization channel): the editor's check of an expression as the user types it. Any member
 * with base or franchisee (checked here, since the registry's list would mean both). An expression naming no
 * list or audience is allowed but may reach the whole database, so it is answered with the catalogue's
 * warning (functional §5) rather than refused.
 */
export const targetOrganizationCommands: CommandRegistry = {
  checkTarget: registerCommand(
    organizationCommands.checkTarget,
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await commandActor(context);
      if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
        throw new HeraldError('PrivilegesError');
      const { tree } = await checkTarget(context.services.db, actor, params.target, 'target');
      const includesListOrAudience = targetIncludesListOrAudience(tree);
      return {
        tree,
        text: printTarget(tree),
        includesListOrAudience,
        ...(includesListOrAudience ? {} : { warning: errorMessage('TargetWithoutListError') }),
      };
    },
  ),
};
