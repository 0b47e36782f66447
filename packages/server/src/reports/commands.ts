import { HeraldError, activityIdOf, organizationCommands } from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { activityReport } from './activity-report.ts';

/** getActivityReport (commands/reports.ts in the contract): whoever may read the activity. */
export const reportOrganizationCommands: CommandRegistry = {
  getActivityReport: registerCommand(
    organizationCommands.getActivityReport,
    // Base or franchisee, as reading activities asks; the access table takes all of its capabilities, so the
    // "either" is checked here. A restricted user's partitions narrow the activity and the subscribers.
    { kind: 'organization', capabilities: [] },
    async (params, context) => {
      const actor = await commandActor(context);
      if (!actor.capabilities.includes('base') && !actor.capabilities.includes('franchisee'))
        throw new HeraldError('PrivilegesError');
      const activityId = activityIdOf(params.activityId);
      if (activityId === undefined) throw new HeraldError('ActivityIdNotValidError');
      return activityReport(context.services.db, actor, { ...params, activityId });
    },
  ),
};
