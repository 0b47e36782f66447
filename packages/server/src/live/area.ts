import { defineArea } from '../area.ts';
import { liveOrganizationCommands } from './commands.ts';

/** Live subscriptions to record changes. */
export const liveArea = defineArea({
  name: 'live',
  organizationCommands: liveOrganizationCommands,
});
