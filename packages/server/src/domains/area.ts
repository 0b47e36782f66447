import { defineArea } from '../area.ts';
import { domainSessionCommands } from './commands.ts';
import { registerTrackingRoutes } from './tracking-host.ts';

/**
 * Sending and tracking domains with their DKIM keys and DNS checks, and who owns a domain
 * (docs/guide-administration.md § Sending and tracking domains).
 */
export const domainsArea = defineArea({
  name: 'domains',
  sessionCommands: domainSessionCommands,
  routes: registerTrackingRoutes,
});
