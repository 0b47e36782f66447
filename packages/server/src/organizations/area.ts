import { defineArea } from '../area.ts';
import { organizationConnectionCommands, organizationTokenCommands } from './organization-commands.ts';

/** Choosing an organization: its tokens, and authenticating an organization connection. */
export const organizationsArea = defineArea({
  name: 'organizations',
  sessionCommands: organizationTokenCommands,
  organizationCommands: organizationConnectionCommands,
});
