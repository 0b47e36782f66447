import { defineArea } from '../area.ts';
import { sendingErrorOrganizationCommands } from './commands.ts';

/**
 * Sending errors: an activity's failed deliveries grouped with where they failed, and their
 * retry after a fix (docs/architecture.md § Sending errors).
 */
export const sendingErrorsArea = defineArea({
  name: 'sending-errors',
  organizationCommands: sendingErrorOrganizationCommands,
});
