import { defineArea } from '../area.ts';
import { engagementOrganizationCommands } from './commands.ts';

/** What the messages did to a list's and an audience's members (their reports' engagement sections). */
export const engagementArea = defineArea({
  name: 'engagement',
  organizationCommands: engagementOrganizationCommands,
});
