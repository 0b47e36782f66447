import { defineArea } from '../area.ts';
import { credentialSessionCommands } from './commands.ts';

/**
 * The credentials vault: an organization's provider credentials and each channel's provider (docs/architecture.md
 * § Credentials and providers).
 */
export const credentialsArea = defineArea({
  name: 'credentials',
  sessionCommands: credentialSessionCommands,
});
