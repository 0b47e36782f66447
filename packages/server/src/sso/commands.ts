import { signInCommands } from '@herald/protocol';
import type { CommandRegistry } from '../channels/registry.ts';
import { registerCommand } from '../channels/registry.ts';

/** Session-channel commands of this area, each registered with its access (channels/registry.ts). */
export const ssoSessionCommands: CommandRegistry = {
  getUserLoginMethod: registerCommand(signInCommands.getUserLoginMethod, { kind: 'public' }, async () => {
    // Until exclusive issuers exist every address signs in with a password (no account enumeration).
    return { method: 'password' as const };
  }),
};
