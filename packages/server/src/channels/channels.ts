import {
  organizationConnectionCommands,
  organizationTokenCommands,
} from '../organizations/organization-commands.ts';
import { sessionLifecycleCommands } from '../sessions/session-commands.ts';
import type { CommandRegistry } from './registry.ts';

/** Every command each channel answers. Areas add their command groups here. */
export const sessionChannelRegistry: CommandRegistry = {
  ...sessionLifecycleCommands,
  ...organizationTokenCommands,
};

export const organizationChannelRegistry: CommandRegistry = {
  ...organizationConnectionCommands,
};
