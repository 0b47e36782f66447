import type { defineCommand } from './define.ts';

/** Session-channel commands of this area (PROTOCOL §3). */
export const organizationAccessCommands = {} satisfies Record<string, ReturnType<typeof defineCommand>>;
