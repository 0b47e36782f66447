import { defineArea } from '../area.ts';
import { reportOrganizationCommands } from './commands.ts';

/** Activity reports (issue 17 §7): the ledger's and the events' figures of one activity. */
export const reportsArea = defineArea({
  name: 'reports',
  organizationCommands: reportOrganizationCommands,
});
