import { defineArea } from '../area.ts';
import { queryOrganizationCommands } from './commands.ts';

/** query and writeRecords over every resource type the areas implement. */
export const queryArea = defineArea({
  name: 'query',
  organizationCommands: queryOrganizationCommands,
});
