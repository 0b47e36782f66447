import { defineArea } from '../area.ts';
import { statsOrganizationCommands } from './commands.ts';

/** The dashboard's statistics. */
export const statsArea = defineArea({
  name: 'stats',
  organizationCommands: statsOrganizationCommands,
});
