import { defineArea } from '../area.ts';
import { accountSessionCommands } from './commands.ts';

/** Sign-up, password reset and the account page. */
export const accountsArea = defineArea({
  name: 'accounts',
  sessionCommands: accountSessionCommands,
});
