import type { defineCommand } from './define.ts';

/** Session-channel commands of this area (PROTOCOL §4). */
export const notificationCommands = {} satisfies Record<string, ReturnType<typeof defineCommand>>;
