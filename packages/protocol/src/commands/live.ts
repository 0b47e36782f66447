import type { defineCommand } from './define.ts';

/** Organization-channel commands of this area (PROTOCOL §4). */
export const liveCommands = {} satisfies Record<string, ReturnType<typeof defineCommand>>;
