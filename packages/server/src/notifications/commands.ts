import type { CommandRegistry } from '../channels/registry.ts';

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const notificationSessionCommands: CommandRegistry = {};
