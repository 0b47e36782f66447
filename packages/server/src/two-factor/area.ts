import { defineArea } from '../area.ts';
import { twoFactorSessionCommands } from './commands.ts';

/** TOTP two-factor sign-in and recovery codes. */
export const twoFactorArea = defineArea({
  name: 'two-factor',
  sessionCommands: twoFactorSessionCommands,
});
