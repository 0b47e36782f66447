import { defineArea } from '../area.ts';
import { targetOrganizationCommands } from './commands.ts';

/** Target expressions: checking and counting. */
export const targetsArea = defineArea({
  name: 'targets',
  organizationCommands: targetOrganizationCommands,
});
