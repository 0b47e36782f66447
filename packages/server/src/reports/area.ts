import { defineArea } from '../area.ts';
import { reportOrganizationCommands } from './commands.ts';

/** Activity reports (docs/architecture.md § Reports): the ledger's and the events' figures of one activity. */
export const reportsArea = defineArea({
  name: 'reports',
  organizationCommands: reportOrganizationCommands,
});
