import { defineArea } from '../area.ts';
import { webChannelSessionCommands } from './commands.ts';
import { registerWebChannelRoutes } from './routes.ts';

/**
 * The web channel: on-site messages left by the engine's web transport
 * (delivery/transports/web.ts), fetched by the organization's site script, with impressions and dismissals;
 * and the organization's keys for it (docs/architecture.md § The web channel).
 */
export const webChannelArea = defineArea({
  name: 'web-channel',
  sessionCommands: webChannelSessionCommands,
  routes: registerWebChannelRoutes,
});
