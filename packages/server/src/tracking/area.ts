import { defineArea } from '../area.ts';
import { registerTrackingPageRoutes } from './routes.ts';

/** Open and click tracking, unsubscribes and the preference page on public links (issue 17 §3). */
export const trackingArea = defineArea({
  name: 'tracking',
  routes: registerTrackingPageRoutes,
});
