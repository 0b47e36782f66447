import type { CommandRegistry } from '../channels/registry.ts';
import { auditCommands } from './audit-commands.ts';
import { organizationSettingsCommands } from './organization-settings-commands.ts';
import { userAccessCommands } from './user-access-commands.ts';

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const organizationAccessSessionCommands: CommandRegistry = {
  ...userAccessCommands,
  ...organizationSettingsCommands,
  ...auditCommands,
};
