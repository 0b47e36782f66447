import type { CommandRegistry } from '../channels/registry.ts';

/** Organization-channel commands of this area, each registered with its access (channels/registry.ts). */
export const liveOrganizationCommands: CommandRegistry = {};
