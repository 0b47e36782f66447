import { defineArea } from '../area.ts';
import { registerTrackingPageRoutes } from './routes.ts';

/**
 * Open and click tracking, unsubscribes and the preference page on public links (docs/architecture.md
 * § Tracking).
 */
export const trackingArea = defineArea({
  name: 'tracking',
  routes: registerTrackingPageRoutes,
});
