import type { defineCommand } from './define.ts';

/** Session-channel commands of this area (PROTOCOL §3). */
export const twoFactorCommands = {} satisfies Record<string, ReturnType<typeof defineCommand>>;
