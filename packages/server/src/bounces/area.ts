import { defineArea, type Area } from '../area.ts';
import { startBounceListener } from './bounce-listener.ts';
import { registerWebhookRoutes } from './webhook-routes.ts';

/**
 * Bounces and complaints (docs/architecture.md § Bounces and complaints): the inbound SMTP listener that reads
 * DSNs and complaint reports sent to the return paths (on when HERALD_BOUNCE_SMTP_PORT is set), and the
 * providers' receipt webhooks.
 */
export const bouncesArea: Area = defineArea({
  name: 'bounces',
  routes: registerWebhookRoutes,
  async start(services) {
    const port = services.config.bounceSmtpPort;
    if (port === undefined) return;
    return startBounceListener(services, port);
  },
});
