import { defineArea } from '../area.ts';
import { organizationAccessSessionCommands } from './commands.ts';

/** Organization administration: users, access, settings, security, audit log, outbox. */
export const organizationAccessArea = defineArea({
  name: 'organization-access',
  sessionCommands: organizationAccessSessionCommands,
});
